import { Suspense, lazy } from 'react';
import { useAuth } from '../../../features/auth/auth-context';

const loadMenus = () => import('./signed-in-menus');
const SignedInMenus = lazy(loadMenus);

/** Login for visitors; the wallet and user dropdowns once signed in. */
export function SessionArea() {
  const auth = useAuth();
  const busy = auth.status !== 'anonymous';
  const button = (
    <button type="button" className="btn btn-primary" onClick={auth.openLogin} disabled={busy} aria-busy={busy}>
      {busy ? 'Connecting…' : 'Login'}
    </button>
  );
  // A session on its way (a stored token, a wallet signing in): the dropdowns' chunk downloads meanwhile.
  if (busy) void loadMenus().catch(() => undefined);
  if (auth.status === 'authenticated' && auth.user) {
    return (
      <Suspense fallback={button}>
        <SignedInMenus user={auth.user} onSignOut={() => void auth.controller.signOut()} />
      </Suspense>
    );
  }
  return button;
}
