// The writes a live game makes (docs/durable-games.md): each closed round with the state another
// node resumes from, and the game-over record. Both are fenced by the game's lease, so a node that
// lost the game can write nothing more about it.
import type { EndReason } from '@duel-dojo/protocol';
import type { ClientSeeds, Slot } from '@duel-dojo/rules';
import { TimerSet } from './game-clock';
import { type FinishedGame, writeGameOver } from './game-over';
import type { Fence, LiveState } from './live-state';
import type { RoundLogRow } from './ports';
import type { Seat } from './seats';
import type { SessionDeps } from './session-setup';

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
  /** Retries of a failed game-over write; they outlive the game's own timers. */
  private readonly retries: TimerSet;

  constructor(
    private readonly deps: SessionDeps,
    private readonly game: RecordedGame,
    /** A write was refused: another node holds the game now. */
    private readonly lost: () => void,
  ) {
    this.retries = new TimerSet(deps.clock);
  }

  /**
   * Behind the players' events, so the write never delays them; the next round waits for it in
   * the game's queue. A failed write is reported and the game plays on (the next round's write
   * carries this one too).
   */
  async saveRound(log: readonly RoundLogRow[], liveState: LiveState): Promise<void> {
    const { sessionId, fence } = this.game;
    const saved = await this.deps.store.saveRound({ sessionId, currentRound: log.length, rounds: [...log], liveState }, fence).catch((error: unknown) => {
      this.deps.report(error, `game ${sessionId}: saving round ${log.length} failed`);
      return true;
    });
    if (!saved) this.lost();
  }

  /** The record, in one transaction with the stats (retried until it lands). */
  async finish(result: GameResult, log: readonly RoundLogRow[]): Promise<void> {
    const { player1, player2 } = this.game.seats;
    if (!player2) return;
    const game: FinishedGame = {
      sessionId: this.game.sessionId,
      paid: this.game.paid,
      serverSeed: this.game.serverSeed,
      clientSeeds: this.game.revealedClientSeeds,
      ...result,
      seats: { player1, player2 },
      log,
    };
    await writeGameOver(game, { ...this.deps, fence: this.game.fence, retry: (ms, again) => this.retries.after(ms, again) });
  }

  /** Stops pending retries (the node stops, or the game is another node's). */
  stop(): void {
    this.retries.clear();
  }
}
