// What the duels commands share, in three parts: the ports to the outside world, this node's
// games (and how a game session is made and retired), and where time and fresh values come from.
import { randomBytes, randomUUID } from 'node:crypto';
import type { GameRecord } from '@duel-dojo/protocol';
import type { StakeLabel } from '@duel-dojo/rules';
import { type GameClock, type GameTimings, DEFAULT_GAME_TIMINGS, systemClock } from './game-clock';
import { GameRegistry } from './game-registry';
import { GameSession } from './game-session';
import { PendingWrites } from './pending-writes';
import { batchedWrites } from './game-write-batches';
import type { NewSession, SessionDeps } from './session-setup';
import type { DuelsStore, GameEmitter, PlayerIdentity, RefundRequester, StakeVerifier } from './ports';
import type { MatchQueue, NodeBus, Presence, TierLocks } from './realtime-ports';
import type { GameLeasesStore } from './recovery';
import type { LeaseTimings } from './lease-keeper';
import { queueEntry } from './queue-entry';
import { KeyedQueue } from '../../concurrency/keyed-queue';
import { Spectators } from './spectators';
import { roomsWithWatchers } from './spectator-rooms';
import { createLogger, reporter } from '../../logger';

export interface DuelsDeps {
  readonly store: DuelsStore;
  readonly emitter: GameEmitter;
  readonly matchQueue: MatchQueue;
  readonly presence: Presence;
  /** Absent without payments (no chain); paid joins are refused then. */
  readonly stakeVerifier?: StakeVerifier;
  readonly refundRequester?: RefundRequester;
  readonly clock?: GameClock;
  readonly timings?: Partial<GameTimings>;
  /** Numbers in [0, 1) for the bot; default Math.random. */
  readonly random?: () => number;
  /** 32 random bytes as hex; default node:crypto. */
  readonly newSeed?: () => string;
  readonly report?: (error: unknown, message: string) => void;
  /** Games outlive this node through their leases (lease-keeper.ts); absent: games live only here. */
  readonly leases?: GameLeasesStore;
  /** No other node can share the database (embedded PGlite): take every live game over at start. */
  readonly exclusive?: boolean;
  readonly leaseTimings?: Partial<LeaseTimings>;
  /** Several nodes: requests to the node that holds a game (game-locator.ts); absent: one node. */
  readonly bus?: NodeBus;
  /** Several nodes: the node that runs the tournaments now (their reserved duels live there). */
  readonly leader?: () => Promise<string | null>;
  /** Several nodes: live games counted over every node (the database); default this node's. */
  readonly countActiveGames?: () => Promise<number>;
  /** Several nodes: one join at a time per tier across all of them; default this process's queues. */
  readonly tierLocks?: TierLocks;
  /** This process's name in the games' leases (docs/durable-games.md); default a random uuid. */
  readonly nodeId?: string;
  /** Spectators per game (docs/spectating.md); default protocol's SPECTATOR_CAP. Tests lower it. */
  readonly spectatorCap?: number;
  /** A finished game's record, for a spectator who opens it (its replay); absent: not found. */
  readonly finishedGame?: (sessionId: string) => Promise<GameRecord | null>;
}

/** The outside world the games talk to (ports.ts, realtime-ports.ts), as the composition root gave it. */
export interface DuelsPorts {
  /** The games' writes batched per kind for all of this node's games (game-write-batches.ts). */
  readonly store: DuelsStore;
  readonly emitter: GameEmitter;
  readonly matchQueue: MatchQueue;
  readonly presence: Presence;
  readonly stakeVerifier: StakeVerifier | undefined;
  readonly refundRequester: RefundRequester | undefined;
}

/** This node's games: the ones it holds, who watches them, the work they leave behind, and how one is made. */
export interface NodeGames {
  /** This process's name in the games' leases (docs/durable-games.md). */
  readonly nodeId: string;
  readonly games: GameRegistry;
  /** Who watches this node's games (docs/spectating.md). */
  readonly spectators: Spectators;
  /** This node's game writes still behind their events (write-behind.ts). */
  readonly writes: PendingWrites;
  /** One join at a time per stake tier (across every node). */
  readonly tierLocks: TierLocks;
  /** This node's own serial queues by key (a reservation's joins). */
  readonly tiers: KeyedQueue;
  /** A new game, leased to this node under the first epoch. */
  newSession(init: Omit<NewSession, 'fence'>): GameSession;
  /** A game taken over from its row (resume.ts), under the epoch of this node's takeover. */
  restoreSession(init: NewSession): GameSession;
  readonly report: (error: unknown, message: string) => void;
  /** Runs a task that must not be awaited by its caller, reporting its failure. */
  background(task: Promise<unknown>, message: string): void;
}

/** Where time and every new value come from: the clock and its timings, chance, ids, codes, seeds, seat keys. */
export interface DuelsSources {
  readonly clock: GameClock;
  readonly timings: GameTimings;
  /** Numbers in [0, 1) for the bot. */
  readonly random: () => number;
  readonly newSessionId: () => string;
  readonly newInviteCode: () => string;
  /** A game's server seed (docs/fairness.md). */
  readonly newSeed: () => string;
  /** A guest's seat key (256 random bits, base64url); null for a signed-in player. */
  rejoinKeyFor(identity: PlayerIdentity): string | null;
}

/**
 * What the duels commands share, built once by createDuelsContext. Only the composition
 * (duels-service.ts) holds all of it: each command names the members it uses, as a Pick of
 * these parts, so its dependencies read from its signature.
 */
export type DuelsContext = DuelsPorts & NodeGames & DuelsSources;

/** The queue a game waits in: its stake tier. */
export const tierOf = (betAmount: StakeLabel): string => betAmount;

export function createDuelsContext(deps: DuelsDeps, hooks: { changed: () => void; ended?: (game: GameSession) => void }): DuelsContext {
  const nodeId = deps.nodeId ?? randomUUID();
  const tiers = new KeyedQueue();
  const report = deps.report ?? reporter(createLogger('error').child({ module: 'duels' }));
  const games = new GameRegistry();
  const clock = deps.clock ?? systemClock();
  const spectators = new Spectators(deps.emitter, clock, deps.spectatorCap);
  const writes = new PendingWrites(clock);
  const timings: GameTimings = { ...DEFAULT_GAME_TIMINGS, ...deps.timings };
  const random = deps.random ?? Math.random;

  const background = (task: Promise<unknown>, message: string) => void task.catch((error: unknown) => report(error, message));
  // Games this node took over from another: their spectators' room is sent to uncounted (spectator-rooms.ts).
  const inherited = new Set<string>();

  // The games' writes go in one statement per kind for all of this node's games (docs/durable-games.md).
  const store = batchedWrites(deps.store);
  const sessionDeps: SessionDeps = {
    store,
    emitter: roomsWithWatchers(deps.emitter, { count: (sessionId) => spectators.count(sessionId), inherited: (sessionId) => inherited.has(sessionId) }),
    clock,
    timings,
    random,
    report,
    writes,
    changed: hooks.changed,
    // The players' claims stay: they are the new owner's now (same session id).
    lost(game) {
      inherited.delete(game.sessionId);
      games.remove(game);
      spectators.drop(game.sessionId);
      hooks.changed();
    },
    ended(game) {
      inherited.delete(game.sessionId);
      games.remove(game);
      spectators.drop(game.sessionId);
      if (game.inviteCode) background(deps.matchQueue.removeInvite(game.inviteCode), 'removing an invite failed');
      background(deps.matchQueue.remove(tierOf(game.betAmount), queueEntry(game.sessionId, nodeId)), 'leaving the match queue failed');
      for (const seat of [game.seats.player1, game.seats.player2]) {
        if (seat?.identity) background(deps.presence.releasePlayer(seat.identity.key, game.sessionId), 'releasing a player failed');
      }
      // A reserved duel's result goes on to its tournament once the record is written.
      if (hooks.ended) background(writes.recorded(game.sessionId).then(() => hooks.ended?.(game)), 'reporting a game over failed');
    },
  };

  const ports: DuelsPorts = {
    store,
    emitter: deps.emitter,
    matchQueue: deps.matchQueue,
    presence: deps.presence,
    stakeVerifier: deps.stakeVerifier,
    refundRequester: deps.refundRequester,
  };
  const node: NodeGames = {
    nodeId,
    games,
    spectators,
    writes,
    tierLocks: deps.tierLocks ?? { run: (tier, task) => tiers.run(tier, task) },
    tiers,
    newSession: (init) => new GameSession(sessionDeps, { ...init, fence: { node: nodeId, epoch: 1 } }),
    restoreSession(init) {
      inherited.add(init.sessionId);
      return new GameSession(sessionDeps, init);
    },
    report,
    background,
  };
  const sources: DuelsSources = {
    clock,
    timings,
    random,
    newSessionId: randomUUID,
    newInviteCode: () => randomBytes(9).toString('base64url'),
    newSeed: deps.newSeed ?? (() => randomBytes(32).toString('hex')),
    // Unguessable, so holding it is the proof: nobody can enumerate guests' seats.
    rejoinKeyFor: (identity) => (identity.userId === null ? randomBytes(32).toString('base64url') : null),
  };
  return { ...ports, ...node, ...sources };
}
