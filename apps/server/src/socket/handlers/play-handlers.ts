// playerAction (-> actionConfirmed from the game, or error), cancelGame -> cancelGameResult,
// resetGame (leave the game screen).
import type { GameSocket } from '../game-socket';
import { type HandlerDeps, handle, sendError, walletMatches } from './respond';

export function playHandlers(socket: GameSocket, deps: HandlerDeps): void {
  handle(socket, deps, 'playerAction', async ({ action, prediction, round }, identity) => {
    const acted = await deps.duels.playerAction(identity, { action, prediction }, round);
    if (!acted.ok) sendError(socket, 'playerAction', acted.code, acted.message);
  });

  handle(socket, deps, 'cancelGame', async ({ sessionId, walletAddress }, identity) => {
    if (!walletMatches(identity, walletAddress)) return sendError(socket, 'cancelGame', 'WALLET_MISMATCH');
    const cancelled = await deps.duels.cancelGame(identity, sessionId);
    socket.emit(
      'cancelGameResult',
      cancelled.ok
        ? { success: true, ...cancelled.value }
        : { success: false, message: cancelled.message, code: cancelled.code, sessionId, transactionSignature: null },
    );
  });

  handle(socket, deps, 'resetGame', async (_data, identity) => {
    await deps.duels.resetGame(identity, socket.id);
  });
}
