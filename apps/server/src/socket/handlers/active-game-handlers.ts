// checkActiveGame -> activeGameCheck, checkActiveGames -> activeGameResult: the player's live
// game with its full state, and this socket rejoins it (a dropped connection is not a leave).
// A signed-in player is found by its token's wallet; a guest, who has no token, by the rejoin key
// its seat was given, and the socket then becomes that guest.
import type { GameState } from '@duel-dojo/protocol';
import type { GameSocket } from '../game-socket';
import { type HandlerDeps, handle, sendError, walletMatches } from './respond';

/**
 * The seat this socket already holds comes first (one game per player). Only a guest socket uses
 * a key: a signed-in socket's identity is its token, and a guest's seat cannot become a wallet's
 * (its record and stats say guest), so a key it sends is ignored.
 */
async function findAndRejoin(socket: GameSocket, deps: HandlerDeps, rejoinKey: string | null): Promise<GameState | null> {
  const { identity } = socket.data;
  const own = await deps.duels.rejoin(identity, socket.id);
  if (own || identity.userId !== null || rejoinKey === null) return own;
  const taken = await deps.duels.rejoinGuest(rejoinKey, socket.id);
  if (!taken) return null;
  // Set before this handler yields: the next event of this socket already acts in that seat.
  socket.data.identity = taken.identity;
  return taken.state;
}

export function activeGameHandlers(socket: GameSocket, deps: HandlerDeps): void {
  handle(socket, deps, 'checkActiveGame', async ({ walletAddress, rejoinKey }, identity) => {
    if (!walletMatches(identity, walletAddress)) return sendError(socket, 'checkActiveGame', 'WALLET_MISMATCH');
    const state = await findAndRejoin(socket, deps, rejoinKey);
    socket.emit('activeGameCheck', { hasActiveGame: state !== null, gameSession: state });
  });

  handle(socket, deps, 'checkActiveGames', async ({ walletAddress, rejoinKey }, identity) => {
    if (!walletMatches(identity, walletAddress)) return sendError(socket, 'checkActiveGames', 'WALLET_MISMATCH');
    const state = await findAndRejoin(socket, deps, rejoinKey);
    socket.emit('activeGameResult', { hasActiveGame: state !== null, gameData: state });
  });
}
