// The welcome popup with the early-tester steps appears 1 s after the home screen
// opens when no wallet is connected then. "Let's Start!" (or closing it) is remembered in this
// browser, so it greets a visitor once.
import { WELCOME_POPUP_DELAY_MS } from '@duel-dojo/rules';
import { useCallback, useEffect, useRef, useState } from 'react';
import { STORAGE_PREFIX, readItem, writeItem } from '../storage/local-store';

export const WELCOME_SEEN_KEY = `${STORAGE_PREFIX}welcome-seen`;

/** `walletConnected`: a wallet is connected or being connected (the session is not anonymous). */
export function useWelcome(walletConnected: boolean): { open: boolean; close: () => void } {
  const [open, setOpen] = useState(false);
  const connected = useRef(walletConnected);
  connected.current = walletConnected;
  useEffect(() => {
    if (readItem(WELCOME_SEEN_KEY) === 'true') return undefined;
    const timer = setTimeout(() => setOpen(!connected.current), WELCOME_POPUP_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  useEffect(() => {
    if (walletConnected) setOpen(false);
  }, [walletConnected]);
  const close = useCallback(() => {
    writeItem(WELCOME_SEEN_KEY, 'true');
    setOpen(false);
  }, []);
  return { open, close };
}
