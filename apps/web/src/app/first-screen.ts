// The moment the page's first screen is on screen: work that no first paint needs (the wire
// contract's download; bench/README.md "Web app: first load") waits for it and for the browser
// to be idle, so it does not compete with the route's own chunk on a slow phone.
let markShown: () => void = () => undefined;
const shown = new Promise<void>((resolve) => {
  markShown = resolve;
});

/** Called by every lazy screen once it has rendered; only the first call counts. */
export function markScreenShown(): void {
  markShown();
}

function whenIdle(timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => resolve(), { timeout: timeoutMs });
    else setTimeout(resolve, 0);
  });
}

/**
 * Resolves once the first screen is shown and the browser is idle, or after `maxWaitMs` at most
 * (a screen that never loads must not hold the rest of the page back for good).
 */
export function afterFirstScreen(maxWaitMs = 4_000): Promise<void> {
  const idle = shown.then(() => whenIdle(1_000));
  const cap = new Promise<void>((resolve) => setTimeout(resolve, maxWaitMs));
  return Promise.race([idle, cap]);
}
