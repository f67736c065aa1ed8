import { useAuth } from '../../../features/auth/auth-context';
import { UserMenu } from './user-menu';
import { WalletMenu } from './wallet-menu';

/** Login for visitors; the wallet and user dropdowns once signed in. */
export function SessionArea() {
  const auth = useAuth();
  if (auth.status === 'authenticated' && auth.user) {
    return (
      <>
        <WalletMenu address={auth.user.walletAddress} />
        <UserMenu user={auth.user} onSignOut={() => void auth.controller.signOut()} />
      </>
    );
  }
  const busy = auth.status !== 'anonymous';
  return (
    <button type="button" className="btn btn-primary" onClick={auth.openLogin} disabled={busy} aria-busy={busy}>
      {busy ? 'Connecting…' : 'Login'}
    </button>
  );
}
