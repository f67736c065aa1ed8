// The frame of every page: the session (auth needs the router to send a new player to
// /profile), the shared socket, the navbar, the page and the session's popups.
import { Suspense, lazy } from 'react';
import { Outlet, ScrollRestoration, useNavigate } from '../../routing';
import { AuthProvider, useAuth } from '../../features/auth/auth-context';
import { isSignupOpen } from '../../features/auth/auth-state';
import { SocketProvider } from '../../features/realtime/socket-context';
import { useDevWalletOnLocalnet } from '../../features/wallet/use-dev-wallet';
import { Footer } from './footer';
import { Navbar } from './navbar/navbar';
import styles from './root-layout.module.css';

const WalletModal = lazy(() => import('./wallet-modal'));
const SignupModal = lazy(() => import('./signup-modal'));
const ConnectErrorAlert = lazy(() => import('./connect-error-alert'));
const TournamentCalls = lazy(() => import('./tournament-calls'));

export function RootLayout() {
  const navigate = useNavigate();
  useDevWalletOnLocalnet();
  return (
    <AuthProvider onSignedUp={() => navigate('/profile')}>
      <SessionSocket>
        <a className={styles.skip} href="#main">
          Skip to content
        </a>
        <Navbar />
        <main id="main" className={styles.main} tabIndex={-1}>
          <Outlet />
        </main>
        <Footer />
        <SessionPopups />
        <ScrollRestoration />
      </SessionSocket>
    </AuthProvider>
  );
}

function SessionSocket({ children }: { readonly children: React.ReactNode }) {
  const { token } = useAuth();
  return <SocketProvider token={token}>{children}</SocketProvider>;
}

/** The wallet modal, the signup modal, a failed connection's alert and a signed-in player's
 * called tournament duels, loaded when first needed. */
function SessionPopups() {
  const auth = useAuth();
  return (
    <Suspense fallback={null}>
      {auth.walletModalOpen && <WalletModal />}
      {isSignupOpen(auth) && <SignupModal />}
      {auth.error && <ConnectErrorAlert />}
      {auth.token && (
        <Suspense fallback={null}>
          <TournamentCalls />
        </Suspense>
      )}
    </Suspense>
  );
}
