// The writes a live game makes (docs/durable-games.md): each closed round with the state another
// node resumes from, and the game-over record. Both are fenced by the game's lease, so a node that
// lost the game can write nothing more about it.
import type { EndReason } from '@duel-dojo/protocol';
import type { ClientSeeds, Slot } from '@duel-dojo/rules';
import { type FinishedGame, gameResultRow, statsChanges } from './game-over';
import type { Fence, LiveState } from './live-state';
import type { RoundLogRow } from './ports';
import type { Seat } from './seats';
import type { SessionDeps } from './session-setup';
import { WriteBehind } from './write-behind';

/** How a game ended: by the last round's outcome, a resignation, or a claimed victory. */
export interface GameResult {
  readonly winner: Slot | 'draw';
  readonly endReason: EndReason;
  /** Rounds played. */
  readonly rounds: number;
}

interface RecordedGame {
  readonly sessionId: string;
  readonly fence: Fence;
  readonly paid: boolean;
  readonly serverSeed: string;
  readonly revealedClientSeeds: ClientSeeds | null;
  readonly seats: { readonly player1: Seat; readonly player2: Seat | null };
}

export class RoundWriter {
  private readonly writes: WriteBehind;

  constructor(
    private readonly deps: SessionDeps,
    private readonly game: RecordedGame,
    /** A write was refused: another node holds the game now. */
    lost: () => void,
  ) {
    this.writes = new WriteBehind(game.sessionId, { clock: deps.clock, report: deps.report, pending: deps.writes }, lost);
  }

  /**
   * Behind the players' events (write-behind.ts): the next round never waits for it. A failed
   * write is retried while the game plays on; a newer round's write carries this one.
   */
  saveRound(log: readonly RoundLogRow[], liveState: LiveState): void {
    const { sessionId, fence } = this.game;
    const round = { sessionId, currentRound: log.length, rounds: [...log], liveState };
    void this.writes.push({ kind: 'round', write: () => this.deps.store.saveRound(round, fence) });
  }

  /**
   * The record, in one write with the stats, after the game's earlier writes (retried until it
   * lands or is given up). Resolves once it was tried: a staked game waits for that (game-session.ts).
   */
  finish(result: GameResult, log: readonly RoundLogRow[]): Promise<void> {
    const { player1, player2 } = this.game.seats;
    if (!player2) return Promise.resolve();
    const game: FinishedGame = {
      sessionId: this.game.sessionId,
      paid: this.game.paid,
      serverSeed: this.game.serverSeed,
      clientSeeds: this.game.revealedClientSeeds,
      ...result,
      seats: { player1, player2 },
      log: [...log],
    };
    const row = gameResultRow(game, new Date(this.deps.clock.now()));
    const changes = statsChanges(game);
    // false: it is over already (a retry after a late success) or another node's; either way nothing to do.
    return this.writes.push({ kind: 'over', write: async () => (await this.deps.store.finishGame(row, changes, this.game.fence), true) });
  }

  /** The node stops: no more retries (what is queued is tried once). */
  stop(): void {
    this.writes.stop();
  }

  /** Another node holds the game: nothing more is written. */
  drop(): void {
    this.writes.stop(true);
  }
}
