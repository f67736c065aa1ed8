// The navbar's sound toggle, persisted in localStorage. The duel's sounds read
// useSound().enabled before playing anything.
import { type ReactNode, createContext, useCallback, useContext, useMemo, useState } from 'react';
import { STORAGE_KEYS, readItem, writeItem } from '../storage/local-store';

interface SoundValue {
  readonly enabled: boolean;
  toggle(): void;
  setEnabled(enabled: boolean): void;
}

const SoundContext = createContext<SoundValue | null>(null);

function storedPreference(): boolean {
  return readItem(STORAGE_KEYS.sound) !== 'false';
}

export function SoundProvider({ children }: { readonly children: ReactNode }) {
  const [enabled, setState] = useState(storedPreference);
  const setEnabled = useCallback((value: boolean) => {
    writeItem(STORAGE_KEYS.sound, String(value));
    setState(value);
  }, []);
  const toggle = useCallback(() => setEnabled(!storedPreference()), [setEnabled]);
  const value = useMemo(() => ({ enabled, toggle, setEnabled }), [enabled, toggle, setEnabled]);
  return <SoundContext.Provider value={value}>{children}</SoundContext.Provider>;
}

export function useSound(): SoundValue {
  const value = useContext(SoundContext);
  if (!value) throw new Error('useSound needs <SoundProvider>');
  return value;
}
