// docs/security.md 23: one address may hold only so many sockets at once, so a single client cannot
// exhaust the server with connections. Registered after the handshake, so only sockets that are
// really accepted count, and each is uncounted when it closes. Behind the load balancer
// (TRUST_PROXY) the address is the one it saw. Where the count lives is a port: in this process
// by default; with several nodes on Redis (adapters/realtime/redis-connection-counts.ts) it is one
// count over all of them, so an address holds at most the cap in total, not the cap on each node.
import type { GameServer, GameSocket } from './game-socket';
import { createLogger, reporter } from '../logger';

/** The client's address: the socket's peer, or behind one trusted proxy the last X-Forwarded-For hop. */
export function clientAddress(handshake: GameSocket['handshake'], trustProxy: boolean): string {
  const forwarded = handshake.headers['x-forwarded-for'];
  const hops = (Array.isArray(forwarded) ? forwarded.join(',') : (forwarded ?? '')).split(',').map((hop) => hop.trim()).filter(Boolean);
  return trustProxy && hops.length > 0 ? (hops[hops.length - 1] as string) : handshake.address;
}

/** The open sockets of each address, counted where every node that serves it can see them. */
export interface ConnectionCounts {
  /** Counts one more socket of `address` unless it already holds `max`; true when counted. */
  tryAcquire(address: string, max: number): Promise<boolean>;
  /** Counts one socket of `address` out again (one that tryAcquire counted). */
  release(address: string): Promise<void>;
}

/** The count of this process alone: what one node needs, and the default. */
export function createInProcessConnectionCounts(): ConnectionCounts {
  const open = new Map<string, number>();
  return {
    async tryAcquire(address, max) {
      const count = open.get(address) ?? 0;
      if (count >= max) return false;
      open.set(address, count + 1);
      return true;
    },
    async release(address) {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    },
  };
}

export const TOO_MANY_CONNECTIONS = 'Too many connections from this address';
/** The shared count cannot be read (Redis away): refusing is safer than letting the cap go. */
export const CONNECTIONS_UNAVAILABLE = 'Connections are unavailable, try again later';

export interface ConnectionCapOptions {
  readonly counts?: ConnectionCounts;
  readonly trustProxy?: boolean;
  readonly report?: (error: unknown, message: string) => void;
}

export function capConnectionsPerAddress(io: GameServer, max: number, options: ConnectionCapOptions = {}): void {
  if (max <= 0) return;
  const counts = options.counts ?? createInProcessConnectionCounts();
  const report = options.report ?? reporter(createLogger('error').child({ module: 'socket' }));
  const release = (address: string): void => {
    counts.release(address).catch((error: unknown) => report(error, 'uncounting a closed socket failed'));
  };
  io.use((socket, next) => {
    const address = clientAddress(socket.handshake, options.trustProxy ?? false);
    counts.tryAcquire(address, max).then(
      (admitted) => {
        if (!admitted) {
          next(new Error(TOO_MANY_CONNECTIONS));
          return;
        }
        // Socket.IO never emits 'disconnect' for a socket whose connection closed while it waited
        // here, so such a socket is counted out now. Otherwise next() connects it at the next tick,
        // before a close can be heard, and its 'disconnect' counts it out.
        if (socket.conn.readyState !== 'open') {
          release(address);
          next(new Error('closed while connecting'));
          return;
        }
        socket.once('disconnect', () => release(address));
        next();
      },
      (error: unknown) => {
        report(error, 'counting a new socket failed');
        next(new Error(CONNECTIONS_UNAVAILABLE));
      },
    );
  });
}
