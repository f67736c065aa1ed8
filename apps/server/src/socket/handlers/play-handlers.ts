// playerAction (-> actionConfirmed from the game, or error), resign and claimVictory (-> the final
// gameState, or error), cancelGame -> cancelGameResult, resetGame (leave the game screen).
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

  // Silent when taken (the seeds are revealed with the server's at the end); an error otherwise.
  handle(socket, deps, 'submitClientSeed', async ({ sessionId, clientSeed }, identity) => {
    const taken = await deps.duels.submitClientSeed(identity, sessionId, clientSeed);
    if (!taken.ok) sendError(socket, 'submitClientSeed', taken.code, taken.message);
  });

  // The answer to both is the game's final gameState (endReason), or an error that changes nothing.
  handle(socket, deps, 'resign', async ({ sessionId }, identity) => {
    const resigned = await deps.duels.resign(identity, sessionId);
    if (!resigned.ok) sendError(socket, 'resign', resigned.code, resigned.message);
  });

  handle(socket, deps, 'claimVictory', async ({ sessionId }, identity) => {
    const claimed = await deps.duels.claimVictory(identity, sessionId);
    if (!claimed.ok) sendError(socket, 'claimVictory', claimed.code, claimed.message);
  });

  handle(socket, deps, 'resetGame', async (_data, identity) => {
    await deps.duels.resetGame(identity, socket.id);
  });
}
