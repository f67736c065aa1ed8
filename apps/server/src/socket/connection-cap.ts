// SECURITY.md 23: one address may hold only so many sockets at once, so a single client cannot
// exhaust the server with connections. Registered after the handshake, so only sockets that are
// really accepted count, and each is uncounted when it closes. Behind a reverse proxy every
// client shares the proxy's address: raise the cap there (no trust-proxy setting yet).
import type { GameServer } from './game-socket';

export const TOO_MANY_CONNECTIONS = 'Too many connections from this address';

export function capConnectionsPerAddress(io: GameServer, max: number): void {
  if (max <= 0) return;
  const open = new Map<string, number>();
  io.use((socket, next) => {
    const address = socket.handshake.address;
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
