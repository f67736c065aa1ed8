// joinGame (matchmaking per stake tier), joinViaInvite -> joinViaInviteResult, lookupInvite ->
// inviteInfo (shown before Join), playWithBot -> playWithBotResult, requestRematch ->
// rematchResult. A successful join is answered by the game itself (gameState).
import { BOT_ADDED_MESSAGE } from '../../modules/duels';
import type { GameSocket } from '../game-socket';
import { type HandlerDeps, handle, sendError, walletMatches } from './respond';

export function joinHandlers(socket: GameSocket, deps: HandlerDeps): void {
  handle(socket, deps, 'joinGame', async (data, identity) => {
    if (!walletMatches(identity, data.walletAddress)) return sendError(socket, 'joinGame', 'WALLET_MISMATCH');
    const joined = await deps.duels.joinGame({
      identity,
      socketId: socket.id,
      selectedCharacter: data.selectedCharacter,
      betAmount: data.betAmount,
      verified: data.verified,
      paymentId: data.paymentId ?? null,
    });
    if (!joined.ok) sendError(socket, 'joinGame', joined.code, joined.message);
  });

  handle(socket, deps, 'joinViaInvite', async (data, identity) => {
    if (!walletMatches(identity, data.walletAddress)) return sendError(socket, 'joinViaInvite', 'WALLET_MISMATCH');
    const answer = await deps.duels.joinViaInvite({
      identity,
      socketId: socket.id,
      inviteCode: data.inviteCode,
      selectedCharacter: data.selectedCharacter,
      verified: data.verified,
      paymentId: data.paymentId ?? null,
    });
    socket.emit('joinViaInviteResult', answer);
  });

  handle(socket, deps, 'requestRematch', async (data, identity) => {
    if (!walletMatches(identity, data.walletAddress)) return sendError(socket, 'requestRematch', 'WALLET_MISMATCH');
    const answer = await deps.duels.requestRematch({
      identity,
      socketId: socket.id,
      sessionId: data.sessionId,
      selectedCharacter: data.selectedCharacter,
      verified: data.verified,
      paymentId: data.paymentId ?? null,
    });
    socket.emit('rematchResult', answer);
  });

  handle(socket, deps, 'lookupInvite', async ({ inviteCode }) => {
    socket.emit('inviteInfo', await deps.duels.lookupInvite(inviteCode));
  });

  handle(socket, deps, 'playWithBot', async ({ sessionId }, identity) => {
    const added = await deps.duels.playWithBot(identity, sessionId);
    socket.emit('playWithBotResult', added.ok ? { success: true, message: BOT_ADDED_MESSAGE } : { success: false, message: added.message, code: added.code });
  });
}
