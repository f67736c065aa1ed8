// checkActiveGame -> activeGameCheck, checkActiveGames -> activeGameResult: the player's live
// game with its full state, and this socket rejoins it (a dropped connection is not a leave).
import type { GameSocket } from '../game-socket';
import { type HandlerDeps, handle, sendError, walletMatches } from './respond';

export function activeGameHandlers(socket: GameSocket, deps: HandlerDeps): void {
  handle(socket, deps, 'checkActiveGame', async ({ walletAddress }, identity) => {
    if (!walletMatches(identity, walletAddress)) return sendError(socket, 'checkActiveGame', 'WALLET_MISMATCH');
    const state = await deps.duels.rejoin(identity, socket.id);
    socket.emit('activeGameCheck', { hasActiveGame: state !== null, gameSession: state });
  });

  handle(socket, deps, 'checkActiveGames', async ({ walletAddress }, identity) => {
    if (!walletMatches(identity, walletAddress)) return sendError(socket, 'checkActiveGames', 'WALLET_MISMATCH');
    const state = await deps.duels.rejoin(identity, socket.id);
    socket.emit('activeGameResult', { hasActiveGame: state !== null, gameData: state });
  });
}
