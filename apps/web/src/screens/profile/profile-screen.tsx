// Profile: /profile is the own profile (needs a wallet), /profile/{playerId} a public
// one. Loading, not-found ("doesn't exist or hasn't played yet") and connect-wallet states.
import { Link, useParams } from '../../routing';
import { PageHeader } from '../../components/page-header/page-header';
import { EmptyState, LoadingState } from '../../components/status/status';
import { useAuth } from '../../features/auth/auth-context';
import { useDocumentTitle } from '../../features/page/use-document-title';
import { useProfile } from '../../features/players/queries';
import { ProfileView } from './profile-view';

export default function ProfileScreen() {
  const { playerId } = useParams();
  const auth = useAuth();
  const ownWallet = auth.user?.walletAddress ?? null;
  const wallet = playerId ?? ownWallet;
  const isOwn = Boolean(wallet && wallet === ownWallet);
  const profile = useProfile(wallet, isOwn ? auth.token : null);
  useDocumentTitle(profile.data?.user.displayName ?? 'Profile');
  const settling = auth.status === 'restoring' || auth.status === 'connecting' || auth.status === 'signing-in';

  if (!wallet) {
    if (settling) return <Frame><LoadingState label="Connecting your wallet…" /></Frame>;
    return (
      <Frame>
        <PageHeader kicker="Your fighter" title="Profile" />
        <EmptyState message="Connect your wallet to see your profile, your stats and your referral code.">
          <button type="button" className="btn btn-primary" onClick={auth.openLogin}>
            Connect Wallet
          </button>
        </EmptyState>
      </Frame>
    );
  }
  if (profile.isPending) return <Frame><LoadingState label="Loading profile…" /></Frame>;
  // Any profile load failure shows the not-found screen.
  if (profile.isError) {
    return (
      <Frame>
        <PageHeader kicker="Profile" title="Profile not found" />
        <EmptyState message="This profile doesn't exist or this player hasn't played yet.">
          <Link className="btn btn-primary" to="/profile">
            Go to my profile
          </Link>
        </EmptyState>
      </Frame>
    );
  }
  return (
    <Frame>
      <ProfileView profile={profile.data.user} isOwn={isOwn} token={isOwn ? auth.token : null} />
    </Frame>
  );
}

function Frame({ children }: { readonly children: React.ReactNode }) {
  return <div className="container">{children}</div>;
}
