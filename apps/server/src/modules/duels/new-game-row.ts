// A new waiting game's row, written in the game's queue before anyone can join it; its creator
// hears of the game only once it is durable (a failed write ends it unseen) and, when `listed` is
// given, once it is in the match queue and its invite code works.
import { AppError } from '../../errors';
import type { GameSession } from './game-session';
import type { DuelsStore } from './ports';

export function writeNewGame(game: GameSession, store: DuelsStore, listed: Promise<void> = Promise.resolve()): Promise<void> {
  return game.run(async () => {
    const creator = game.seats.player1;
    let written: boolean;
    try {
      written = await store.createGame(
        {
          sessionId: game.sessionId,
          player1Id: creator.identity?.userId ?? null,
          player1Wallet: creator.identity?.wallet ?? null,
          player1Name: creator.identity?.name ?? null,
          player1Character: creator.characterId,
          betAmount: game.betAmount,
          stakeLamports: creator.stakeLamports,
          fairnessCommitment: game.commitment,
          serverSeed: game.serverSeed,
          liveState: game.liveState(),
        },
        game.fence,
      );
    } catch (error) {
      game.abandon();
      throw error;
    }
    if (!written) {
      // Its stake was given back before the row went in (a stalled node: docs/money.md): no game.
      game.abandon();
      throw new AppError('PAYMENT_REQUIRED', { sessionId: game.sessionId });
    }
    game.durable = true;
    await listed;
    game.announce();
  });
}
