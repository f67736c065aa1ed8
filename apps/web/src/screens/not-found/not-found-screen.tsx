import { Link } from '../../routing';
import { useDocumentTitle } from '../../features/page/use-document-title';
import styles from './not-found-screen.module.css';

export default function NotFoundScreen() {
  useDocumentTitle('Page not found');
  return (
    <div className={`container ${styles.box}`}>
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h1>Page not found</h1>
      <p className="muted">This path leads out of the dojo. The fight is back at the start.</p>
      <Link className="btn btn-primary" to="/">
        Back to the dojo
      </Link>
    </div>
  );
}
