// A player's socket to a server that dies and comes back (docs/security.md 28): every request is
// sent on the live connection and its answer raced against the connection dropping, so a kill -9 in
// the middle of a request is seen at once (Disconnected) instead of as a long timeout, and the next
// request connects again as soon as the restarted server answers.
import { setTimeout as sleep } from 'node:timers/promises';
import type { ClientEventName } from '@duel-dojo/protocol';
import { io as connectSocket } from 'socket.io-client';
import { GameClient } from '../game-server';
import type { ServerProcess } from './server-process';

/** The connection dropped (the server was killed) before the answer came. */
export class Disconnected extends Error {
  constructor() {
    super('disconnected');
    this.name = 'Disconnected';
  }
}

/** No answer in time: on a busy machine or a server stuck on its chain; the caller retries. */
export class NoAnswer extends Error {
  constructor(what: string) {
    super(`no answer to ${what}`);
    this.name = 'NoAnswer';
  }
}

/** A handshake the server died in the middle of never ends on its own: given up after this. */
const CONNECT_MS = 10_000;

/**
 * game-server.ts's connect, bounded: a server killed between accepting the transport and
 * accepting the socket leaves the client with neither `connect` nor `connect_error`.
 */
export function connectWithin(url: string, token: string, timeoutMs = CONNECT_MS): Promise<GameClient> {
  const socket = connectSocket(url, { transports: ['websocket'], reconnection: false, forceNew: true, auth: { token } });
  const client = new GameClient(socket);
  return new Promise((resolve, reject) => {
    const fail = (reason: string) => {
      clearTimeout(timer);
      socket.close();
      reject(new Error(reason));
    };
    const timer = setTimeout(() => fail('connect timed out'), timeoutMs);
    socket.once('connect', () => {
      clearTimeout(timer);
      resolve(client);
    });
    socket.once('connect_error', (error) => fail(error.message));
    socket.once('disconnect', (reason) => fail(reason));
  });
}

/**
 * The first event for which `pick` answers something, from now on. Listens on the socket itself
 * (not GameClient.next), so a request that lost its race leaves no waiter behind to swallow the
 * answer of the next one.
 */
export function firstEvent<T>(client: GameClient, pick: (name: string, payload: unknown) => T | undefined, timeoutMs: number, what: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const listener = (name: string, payload: unknown) => {
      const picked = pick(name, payload);
      if (picked === undefined) return;
      done();
      resolve(picked);
    };
    const timer = setTimeout(() => {
      done();
      reject(new NoAnswer(what));
    }, timeoutMs);
    const done = () => {
      clearTimeout(timer);
      client.socket.offAny(listener);
    };
    client.socket.onAny(listener);
  });
}

export class ChaosConnection {
  private client: GameClient | null = null;
  private closed = false;

  constructor(
    private readonly server: Pick<ServerProcess, 'url' | 'whenUp'>,
    private readonly token: string,
  ) {}

  /** The connected client; connects first (once the server is up) when the last one dropped. */
  async live(): Promise<GameClient> {
    for (;;) {
      if (this.closed) throw new Error('the connection was closed');
      if (this.client?.socket.connected) return this.client;
      this.client?.close();
      this.client = null;
      await this.server.whenUp();
      try {
        this.client = await connectWithin(this.server.url, this.token);
      } catch {
        // Refused: the server is going down or not listening yet.
        await sleep(200);
      }
    }
  }

  /**
   * Sends `event` on the live connection and waits for the answer `pick` recognizes. Rejects
   * with Disconnected when the connection drops first, NoAnswer after `timeoutMs`.
   */
  async ask<T>(event: ClientEventName, payload: unknown, pick: (name: string, payload: unknown) => T | undefined, timeoutMs: number): Promise<T> {
    const client = await this.live();
    const answered = firstEvent(client, pick, timeoutMs, event);
    const dropped = client.disconnected().then(() => {
      throw new Disconnected();
    });
    client.emit(event, payload);
    // The side that loses the race settles later; race() has already attached its handlers.
    return Promise.race([answered, dropped]);
  }

  close(): void {
    this.closed = true;
    this.client?.close();
    this.client = null;
  }
}

/** Disconnected and NoAnswer are what a kill -9 looks like from the client: try again. */
export function isTransient(error: unknown): boolean {
  return error instanceof Disconnected || error instanceof NoAnswer;
}
