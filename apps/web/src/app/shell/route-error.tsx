import { ErrorState } from '../../components/status/status';
import { Link, useRouteError } from '../../routing';

/** The last resort when the frame itself fails. */
export function RouteError() {
  const error = useRouteError();
  const message = error instanceof Error ? error.message : 'Unexpected error';
  return (
    <main className="container" style={{ paddingTop: 48 }}>
      <ErrorState title="Something went wrong" message={message}>
        <Link className="btn btn-ghost" to="/" reloadDocument>
          Back to the dojo
        </Link>
      </ErrorState>
    </main>
  );
}
