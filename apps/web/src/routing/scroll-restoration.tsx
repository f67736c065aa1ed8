// Scroll like a site of separate pages: a new page opens at its top (or at its #anchor), and back
// or forward returns to where that page was left, across a reload of the tab too.
import { useLayoutEffect, useState } from 'react';
import { useRouter, useRouterState } from './router-provider';

const STORAGE_KEY = 'duel-dojo-scroll-positions';

function readSaved(): Map<string, number> {
  try {
    const saved: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}');
    return new Map(Object.entries(saved ?? {}).filter((entry): entry is [string, number] => typeof entry[1] === 'number'));
  } catch {
    return new Map();
  }
}

export function ScrollRestoration() {
  const router = useRouter();
  const { location, historyAction } = useRouterState();
  const [positions] = useState(readSaved);

  useLayoutEffect(() => {
    window.history.scrollRestoration = 'manual';
    const disable = router.enableScrollRestoration(positions, () => window.scrollY);
    const save = () => {
      positions.set(router.state.location.key, window.scrollY);
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(Object.fromEntries(positions)));
      } catch {
        // Storage full or refused: positions still hold within this page's life.
      }
    };
    window.addEventListener('pagehide', save);
    return () => {
      window.removeEventListener('pagehide', save);
      disable();
      window.history.scrollRestoration = 'auto';
    };
  }, [router, positions]);

  useLayoutEffect(() => {
    const saved = positions.get(location.key);
    // POP: back, forward, or the page's first render (a reload returns to where it was).
    if (saved !== undefined && historyAction === 'POP') {
      window.scrollTo(0, saved);
      return;
    }
    const anchor = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
    if (anchor) anchor.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [location, historyAction, positions]);

  return null;
}
