// The app itself (React, the router, the providers, the shell), a chunk that main.tsx loads beside
// the opened page's screen chunk, so neither waits for the other to download.
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { loadProtocolAfter } from '../net/protocol';
import { App } from './app';
import { afterFirstScreen } from './first-screen';
import { preloadScreens } from './lazy-screen';
import { createAppRouter } from './router';

/** How long the first render waits for the page's screen chunk before showing "Loading…" instead. */
const FIRST_SCREEN_WAIT_MS = 1_500;

export function start(root: HTMLElement): void {
  // The wire contract (zod) is not needed to paint: it downloads once the first screen is shown.
  loadProtocolAfter(afterFirstScreen());
  const router = createAppRouter();
  // index.html's shell (the navbar's bar) shows meanwhile; the screen's chunk is usually here by
  // now, and the page then paints whole in one commit, without a "Loading…" first.
  const screenReady = preloadScreens(router.state.matches);
  const waited = new Promise((resolve) => setTimeout(resolve, FIRST_SCREEN_WAIT_MS));
  const reactRoot = createRoot(root);
  // As a transition the first render yields to the browser every few milliseconds instead of
  // holding the main thread for the whole page (a phone's taps and paints go on meanwhile).
  void Promise.race([screenReady, waited]).then(() =>
    startTransition(() =>
      reactRoot.render(
        <StrictMode>
          <App router={router} />
        </StrictMode>,
      ),
    ),
  );
}
