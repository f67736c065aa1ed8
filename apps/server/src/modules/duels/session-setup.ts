// What a game session is made with: its dependencies, its first seat and settings, and the
// timing of a resume after its node changed (docs/durable-games.md).
import type { TournamentMatchInfo } from '@duel-dojo/protocol';
import type { StakeLabel } from '@duel-dojo/rules';
import type { GameClock, GameTimings } from './game-clock';
import type { GameSession } from './game-session';
import type { Fence, SeedSlots } from './live-state';
import type { PendingWrites } from './pending-writes';
import type { DuelsStore, GameEmitter } from './ports';
import type { Seat } from './seats';

export interface SessionDeps {
  readonly store: DuelsStore;
  readonly emitter: GameEmitter;
  readonly clock: GameClock;
  readonly timings: GameTimings;
  readonly random: () => number;
  readonly report: (error: unknown, message: string) => void;
  /** This node's writes still behind their events (write-behind.ts). */
  readonly writes: PendingWrites;
  /** The game left play for good (over or cancelled): called inside its queue, once. */
  readonly ended: (game: GameSession) => void;
  /** The game's phase changed (gameStats counts). */
  readonly changed: () => void;
  /** Another node took the game over (its lease's epoch moved on): this node forgets it, silently. */
  readonly lost: (game: GameSession) => void;
}

/**
 * A resumed game's versions start this far past the last one written, beyond any event its old
 * node can have sent after that write: clients apply the new state and drop the old node's.
 */
export const RESUME_VERSION_STEP = 100;
/** A resumed game waits this long at most for its players to come back before it plays on. */
export const RESUME_GRACE_MS = 10_000;
/** Once everyone is back, the restarted round begins after this beat (their screens catch up). */
export const RESUME_BEAT_MS = 1_500;

export interface NewSession {
  readonly sessionId: string;
  readonly betAmount: StakeLabel;
  readonly paid: boolean;
  readonly inviteCode: string | null;
  readonly serverSeed: string;
  readonly creator: Seat;
  readonly fence: Fence;
  /** A tournament's reserved duel (reserved-matches.ts). */
  readonly reserved?: boolean;
  /** The players' seeds from the row (resume.ts); null: a row from before client seeds; absent: a new game. */
  readonly clientSeeds?: SeedSlots | null;
  /** A reserved duel's call, as each wallet's gameState shows it. */
  readonly tournament?: Readonly<Record<string, TournamentMatchInfo>>;
}
