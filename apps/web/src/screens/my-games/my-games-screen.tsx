// My games / battle history: needs a wallet (redirects to / without one), loading,
// "No battles fought yet" or the list; Claim Reward with its success/error modal.
import { Link, Navigate } from '../../routing';
import { PageHeader } from '../../components/page-header/page-header';
import { LoadingState } from '../../components/status/status';
import { useAuth } from '../../features/auth/auth-context';
import { useDocumentTitle } from '../../features/page/use-document-title';
import { GameHistory } from './game-history';

export default function MyGamesScreen() {
  useDocumentTitle('My games');
  const auth = useAuth();
  const settling = auth.status === 'restoring' || auth.status === 'connecting' || auth.status === 'signing-in';
  if (settling) {
    return (
      <div className="container">
        <LoadingState label="Connecting your wallet…" />
      </div>
    );
  }
  if (!auth.user || !auth.token) return <Navigate to="/" replace />;
  return (
    <div className="container">
      <PageHeader kicker="Battle history" title="My Games" subtitle="Every duel you fought, newest first. Claim the rewards of the staked duels you won.">
        <Link className="btn btn-ghost btn-small" to="/money">
          Money history
        </Link>
      </PageHeader>
      <GameHistory wallet={auth.user.walletAddress} token={auth.token} />
    </div>
  );
}
