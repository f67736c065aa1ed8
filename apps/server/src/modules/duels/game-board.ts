// What one live game is at this moment: its settings, its seats, its phase and round, the duel's
// health, the moves locked in the running round and how it ended. The views (game-view.ts) and the
// row another node resumes from (live-state.ts) read only this; the events that change it run in
// the game's queue (game-session.ts, docs/game-events.md).
import type { EndReason, GamePhase, TournamentMatchInfo } from '@duel-dojo/protocol';
import { type ClientSeeds, type DuelState, type Move, type Slot, type StakeLabel, SLOTS, fairnessCommitment } from '@duel-dojo/rules';
import { ClientSeedBook } from './client-seeds';
import type { GameCaster } from './game-caster';
import { FULL_HEALTH, type GameSnapshot } from './game-view';
import { type Fence, type LiveParts, type LiveState, type SeedSlots, liveStateOf } from './live-state';
import type { RoundLogRow } from './ports';
import type { GameResult } from './round-writer';
import type { Seat } from './seats';
import type { NewSession } from './session-setup';

const ACTIVE_PHASES: ReadonlySet<GamePhase> = new Set(['intro', 'round', 'results']);

export abstract class GameBoard implements GameSnapshot, LiveParts {
  readonly sessionId: string;
  readonly fence: Fence;
  readonly reserved: boolean;
  readonly tournament: Readonly<Record<string, TournamentMatchInfo>> | null;
  readonly betAmount: StakeLabel;
  readonly paid: boolean;
  readonly inviteCode: string | null;
  readonly serverSeed: string;
  readonly commitment: string;
  readonly seats: { player1: Seat; player2: Seat | null };
  phase: GamePhase = 'waiting';
  round = 0;
  endReason: EndReason | null = null;
  endTime: number | null = null;
  protected duel: DuelState | null = null;
  protected moves: Record<Slot, Move | null> = { player1: null, player2: null };
  protected log: RoundLogRow[] = [];
  /** How the game ended, once it did. */
  protected result: GameResult | null = null;
  protected readonly seeds: ClientSeedBook;
  /** What the game sends, numbered (game-caster.ts): its version is the game's. */
  protected abstract readonly caster: GameCaster;

  constructor(init: NewSession) {
    this.sessionId = init.sessionId;
    this.betAmount = init.betAmount;
    this.paid = init.paid;
    this.inviteCode = init.inviteCode;
    this.serverSeed = init.serverSeed;
    this.commitment = fairnessCommitment(init.serverSeed);
    this.seats = { player1: init.creator, player2: null };
    this.fence = init.fence;
    this.reserved = init.reserved ?? false;
    this.tournament = init.tournament ?? null;
    this.seeds = new ClientSeedBook(init.clientSeeds);
  }

  /** The players' seeds so far, as the row keeps them. */
  get clientSeeds(): SeedSlots | null {
    return this.seeds.stored;
  }

  /** The seeds the hits use, revealed with the server seed at the end (docs/fairness.md). */
  get revealedClientSeeds(): ClientSeeds | null {
    return this.seeds.fixed;
  }

  get version(): number {
    return this.caster.version;
  }

  get lockedMoves(): Readonly<Record<Slot, Move | null>> {
    return this.moves;
  }

  get health(): Readonly<Record<Slot, number>> {
    return this.duel?.health ?? FULL_HEALTH;
  }

  get winner(): Slot | 'draw' | null {
    return this.result?.winner ?? this.duel?.winner ?? null;
  }

  /** Two players, not over yet. */
  get active(): boolean {
    return ACTIVE_PHASES.has(this.phase);
  }

  /** Waiting or active: a game its players can still come back to. */
  get live(): boolean {
    return this.phase === 'waiting' || this.active;
  }

  /** Which seat a player holds, by their identity key. */
  slotOf(playerKey: string): Slot | null {
    for (const slot of SLOTS) if (this.seats[slot]?.identity?.key === playerKey) return slot;
    return null;
  }

  /** What the row keeps to resume the game elsewhere (live-state.ts). */
  liveState(player2: Seat | null = this.seats.player2): LiveState {
    // Getters are not own properties, so a spread of `this` leaves them out: name each one.
    return liveStateOf({ ...this, reserved: this.reserved, version: this.version, clientSeeds: this.clientSeeds, seats: { player1: this.seats.player1, player2 } });
  }
}
