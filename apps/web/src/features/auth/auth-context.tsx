import type { SessionUser } from '@duel-dojo/protocol';
import { type ReactNode, createContext, useCallback, useContext, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { AUTO_RECONNECT_DELAY_MS } from '@duel-dojo/rules';
import { useClearBalance } from '../wallet/balance-cache';
import { useWalletConnection } from '../wallet/wallet-context';
import { type AuthApi, AuthController } from './auth-controller';
import { httpAuthApi } from './auth-api';
import type { AuthState } from './auth-state';
import { type AuthStorage, browserAuthStorage } from './auth-storage';
import { AUTO_LOGOUT_EVENT } from './auto-logout';

interface AuthContextValue {
  readonly controller: AuthController;
  readonly walletModalOpen: boolean;
  /** Login: clears the manual-logout flag and opens the wallet modal. */
  openLogin(): void;
  closeLogin(): void;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export interface AuthProviderProps {
  readonly children: ReactNode;
  /** Where a new player lands (/profile). */
  readonly onSignedUp: () => void;
  readonly api?: AuthApi;
  readonly storage?: AuthStorage;
  readonly autoReconnectDelayMs?: number;
}

export function AuthProvider({ children, onSignedUp, api = httpAuthApi, storage = browserAuthStorage, autoReconnectDelayMs = AUTO_RECONNECT_DELAY_MS }: AuthProviderProps) {
  const wallet = useWalletConnection();
  const [signedUp] = useState(() => ({ current: onSignedUp }));
  signedUp.current = onSignedUp;
  const [controller] = useState(() => new AuthController({ api, wallet, storage, onSignedUp: () => signedUp.current() }));
  const [walletModalOpen, setWalletModalOpen] = useState(false);
  const clearBalance = useClearBalance();

  useEffect(() => {
    const timer = setTimeout(() => void controller.autoReconnect(), autoReconnectDelayMs);
    return () => clearTimeout(timer);
  }, [controller, autoReconnectDelayMs]);

  useEffect(() => {
    const onAutoLogout = () => void controller.autoLogout();
    window.addEventListener(AUTO_LOGOUT_EVENT, onAutoLogout);
    return () => window.removeEventListener(AUTO_LOGOUT_EVENT, onAutoLogout);
  }, [controller]);

  useEffect(
    () =>
      controller.subscribe(() => {
        if (controller.state.status === 'anonymous') clearBalance();
      }),
    [controller, clearBalance],
  );

  const openLogin = useCallback(() => {
    controller.login();
    setWalletModalOpen(true);
  }, [controller]);
  const closeLogin = useCallback(() => setWalletModalOpen(false), []);

  const value = useMemo(() => ({ controller, walletModalOpen, openLogin, closeLogin }), [controller, walletModalOpen, openLogin, closeLogin]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

function useAuthContext(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth needs <AuthProvider>');
  return value;
}

export interface Auth extends AuthState {
  readonly controller: AuthController;
  readonly walletModalOpen: boolean;
  openLogin(): void;
  closeLogin(): void;
}

/** The session and its actions. */
export function useAuth(): Auth {
  const context = useAuthContext();
  const state = useSyncExternalStore(context.controller.subscribe, context.controller.getSnapshot, context.controller.getSnapshot);
  return { ...state, ...context };
}

/** The signed-in player, or null. */
export function useSessionUser(): SessionUser | null {
  return useAuth().user;
}
