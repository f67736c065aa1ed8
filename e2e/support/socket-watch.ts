// The Socket.IO connections a page opens, as Chromium sees them: each WebSocket to /socket.io/,
// its Socket.IO socket id (the `40{"sid":…}` CONNECT answer, the id the server's presence lists)
// and whether it closed. Tells which socket the page is using now, so a test can ask Redis which
// node holds it.
import type { Page, WebSocket } from 'playwright-core';

export interface WatchedSocket {
  readonly webSocket: WebSocket;
  /** The Socket.IO socket id, once the server accepted the connection. */
  socketId: string | null;
  closed: boolean;
}

export interface SocketWatch {
  /** Every Socket.IO WebSocket the page opened since the watch began, oldest first. */
  readonly sockets: readonly WatchedSocket[];
  /** The newest connected socket that is still open, if any. */
  current(): WatchedSocket | null;
}

export function watchSocketIo(page: Page): SocketWatch {
  const sockets: WatchedSocket[] = [];
  page.on('websocket', (webSocket) => {
    if (!new URL(webSocket.url()).pathname.startsWith('/socket.io/')) return;
    const watched: WatchedSocket = { webSocket, socketId: null, closed: false };
    sockets.push(watched);
    webSocket.on('framereceived', ({ payload }) => {
      const text = typeof payload === 'string' ? payload : payload.toString('utf8');
      // Engine.IO message (4) carrying a Socket.IO CONNECT (0) of the main namespace.
      if (watched.socketId !== null || !text.startsWith('40{')) return;
      const sid = (JSON.parse(text.slice(2)) as { sid?: unknown }).sid;
      if (typeof sid === 'string') watched.socketId = sid;
    });
    webSocket.on('close', () => {
      watched.closed = true;
    });
  });
  return {
    sockets,
    current: () => [...sockets].reverse().find((socket) => socket.socketId !== null && !socket.closed) ?? null,
  };
}
