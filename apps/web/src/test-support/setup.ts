// Registers jest-dom's matchers (toBeInTheDocument, toBeDisabled...) on vitest's expect, and
// their types for every file in src/ that tsc sees alongside this one.
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy* and waitFor wait for what the user would see; their limit only catches a hang, so it
// is sized for a loaded 2-core machine where a lazy screen's first load can take seconds.
configure({ asyncUtilTimeout: 15_000 });

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
});

// @solana/kit's Node build lifts the listener limit of its abort signals and sockets with
// events.setMaxListeners, which accepts only Node's event targets; happy-dom's are recognised
// as such by the symbol Node marks its own EventTarget class with.
for (const eventTargetClass of [globalThis.EventTarget, globalThis.AbortSignal, new AbortController().signal.constructor]) {
  (eventTargetClass as unknown as Record<symbol, unknown>)[Symbol.for('nodejs.event_target')] = true;
}

// Component tests talk to no Solana WebSocket: a silent stand-in keeps happy-dom from dialling
// out. Tests against the local chain import real-websocket.ts before kit instead.
class SilentWebSocket extends EventTarget {
  readonly readyState = 0;
  send(): void {}
  close(): void {}
}
globalThis.WebSocket = SilentWebSocket as unknown as typeof WebSocket;
