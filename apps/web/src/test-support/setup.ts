import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
});

// No test talks to a Solana WebSocket: a silent stand-in keeps happy-dom from dialling out.
class SilentWebSocket extends EventTarget {
  readonly readyState = 0;
  send(): void {}
  close(): void {}
}
globalThis.WebSocket = SilentWebSocket as unknown as typeof WebSocket;
