// SECURITY.md 23: one address may hold only so many sockets at once, so a single client cannot
// exhaust the server with connections. Registered after the handshake, so only sockets that are
// really accepted count, and each is uncounted when it closes. Behind the load balancer
// (TRUST_PROXY) the address is the one it saw. The count is per node: with several nodes an
// address may hold up to the cap on each.
import type { GameServer, GameSocket } from './game-socket';

/** The client's address: the socket's peer, or behind one trusted proxy the last X-Forwarded-For hop. */
export function clientAddress(handshake: GameSocket['handshake'], trustProxy: boolean): string {
  const forwarded = handshake.headers['x-forwarded-for'];
  const hops = (Array.isArray(forwarded) ? forwarded.join(',') : (forwarded ?? '')).split(',').map((hop) => hop.trim()).filter(Boolean);
  return trustProxy && hops.length > 0 ? (hops[hops.length - 1] as string) : handshake.address;
}

export const TOO_MANY_CONNECTIONS = 'Too many connections from this address';

export function capConnectionsPerAddress(io: GameServer, max: number, trustProxy = false): void {
  if (max <= 0) return;
  const open = new Map<string, number>();
  io.use((socket, next) => {
    const address = clientAddress(socket.handshake, trustProxy);
    const count = open.get(address) ?? 0;
    if (count >= max) {
      next(new Error(TOO_MANY_CONNECTIONS));
      return;
    }
    open.set(address, count + 1);
    socket.once('disconnect', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    });
    next();
  });
}
