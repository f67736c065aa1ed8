// A scripted stand-in for the server's Socket.IO connection in component tests: it records what
// the client emits and answers through `answers`; `receive` plays a server event.
import type { GameSocket } from '../net/socket';

type Listener = (payload: unknown) => void;
type Answer = (payload: unknown, socket: FakeGameSocket) => void;

export class FakeGameSocket {
  id = 'socket-one';
  connected = true;
  readonly sent: { event: string; payload: unknown }[] = [];
  /** Client event -> what the server does with it. */
  readonly answers = new Map<string, Answer>();
  readonly #listeners = new Map<string, Set<Listener>>();

  on(event: string, listener: Listener): this {
    if (!this.#listeners.has(event)) this.#listeners.set(event, new Set());
    this.#listeners.get(event)?.add(listener);
    return this;
  }

  off(event: string, listener: Listener): this {
    this.#listeners.get(event)?.delete(listener);
    return this;
  }

  emit(event: string, payload?: unknown): this {
    this.sent.push({ event, payload });
    const answer = this.answers.get(event);
    if (answer) setTimeout(() => answer(payload, this), 0);
    return this;
  }

  /** The server sends `event`. */
  receive(event: string, payload?: unknown): void {
    for (const listener of [...(this.#listeners.get(event) ?? [])]) listener(payload);
  }

  /** The payloads the client sent for `event`. */
  sentOf(event: string): unknown[] {
    return this.sent.filter((entry) => entry.event === event).map((entry) => entry.payload);
  }

  disconnect(): void {
    this.connected = false;
  }

  /** The connection drops (a network loss, a server restart), as Socket.IO reports it. */
  drop(): void {
    this.connected = false;
    this.receive('disconnect', 'transport close');
  }

  /** Socket.IO reconnected by itself, with a new socket id (maybe to another server node). */
  reconnect(id = `${this.id}-again`): void {
    this.id = id;
    this.connected = true;
    this.receive('connect');
  }
}

/**
 * The socket every test of a file talks to; replace it in beforeEach. `opening`: while set, the
 * socket is not handed out before it settles (a connection still coming after the page loaded).
 */
export const fakeSockets: { current: FakeGameSocket; opening: Promise<void> | null } = { current: new FakeGameSocket(), opening: null };

const handOut = async () => {
  await fakeSockets.opening;
  return fakeSockets.current as unknown as GameSocket;
};

/** The mock of net/socket: `vi.mock('…/net/socket', async () => (await import('…/fake-socket')).fakeSocketModule())`. */
export function fakeSocketModule() {
  return { openSocket: handOut, whenConnected: handOut };
}
