// watchGame -> gameState as a spectator sees it (then every broadcast of the game), or error;
// unwatchGame -> nothing more of that game. Guests may watch: no token needed (docs/spectating.md).
import type { GameSocket } from '../game-socket';
import { type HandlerDeps, handle, sendError } from './respond';

export function watchHandlers(socket: GameSocket, deps: HandlerDeps): void {
  handle(socket, deps, 'watchGame', async ({ sessionId }) => {
    const watched = await deps.duels.watchGame(socket.id, sessionId);
    if (watched.ok) socket.emit('gameState', watched.value);
    else sendError(socket, 'watchGame', watched.code, watched.message);
  });

  handle(socket, deps, 'unwatchGame', async ({ sessionId }) => {
    await deps.duels.unwatchGame(socket.id, sessionId);
  });

  socket.on('disconnect', () => {
    deps.duels.spectatorGone(socket.id).catch((error: unknown) => deps.report(error, 'a spectator leaving failed'));
  });
}
