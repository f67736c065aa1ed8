// Copy with a 2 s confirmation: "Copied!" or "Failed to copy", then back to idle.
import { COPY_CONFIRMATION_MS } from '@duel-dojo/rules';
import { useCallback, useEffect, useRef, useState } from 'react';

export type CopyState = 'idle' | 'copied' | 'failed';

export function useCopy(): { state: CopyState; copy: (text: string) => Promise<boolean> } {
  const [state, setState] = useState<CopyState>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);

  const copy = useCallback(async (text: string) => {
    let ok: boolean;
    try {
      await navigator.clipboard.writeText(text);
      ok = true;
    } catch {
      ok = false;
    }
    setState(ok ? 'copied' : 'failed');
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setState('idle'), COPY_CONFIRMATION_MS);
    return ok;
  }, []);

  return { state, copy };
}

export const COPY_TEXT: Readonly<Record<Exclude<CopyState, 'idle'>, string>> = { copied: 'Copied!', failed: 'Failed to copy' };
