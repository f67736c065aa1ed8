// Games outlive the node that runs them (docs/durable-games.md). Each live game is leased to one
// node, which renews the lease while it runs; a game whose lease has lapsed belongs to no one and
// any node takes it over (a new epoch), loads it and plays on from its last closed round. Only a
// game no node took over within the abandonment deadline is settled by the written rule
// (docs/durable-games.md): a started game is recorded as a draw, a waiting one is closed, and
// every paid one is marked refund_due, which the ledger's recovery sweep then refunds; so is a
// stake bound to a game whose row was never written (its node died in between).
import type { Fence } from './live-state';

/** A game this node just took over: what resume.ts rebuilds it from. */
export interface ResumableGame {
  readonly sessionId: string;
  /** The row as written: checked by resume.ts, never trusted. */
  readonly serverSeed: string | null;
  readonly rounds: readonly unknown[];
  readonly liveState: unknown;
  readonly fence: Fence;
}

/** A game settled by the abandonment rule, with the live state that names its players. */
export interface SettledGame {
  readonly sessionId: string;
  readonly liveState: unknown;
}

export interface InterruptedGames {
  readonly started: number;
  readonly waiting: number;
  /** Verified stakes bound to a game that was never written: marked refund_due. */
  readonly strandedStakes: number;
  /** Their players' one-game claims are freed (lease-keeper.ts). */
  readonly settled: readonly SettledGame[];
}

export interface GameLeasesStore {
  /** Extends this node's leases; answers the games (by session id) it still holds, with their epoch. */
  renew(node: string, leaseMs: number): Promise<ReadonlyMap<string, number>>;
  /** Lets every game of this node go at once (a graceful stop): another node may take them now. */
  release(node: string): Promise<void>;
  /**
   * Leases to this node up to `limit` live games whose lease lapsed less than `abandonAfterMs`
   * ago (`anyLease`: every live game, when no other node can exist), each under a new epoch.
   */
  takeOver(node: string, options: { leaseMs: number; abandonAfterMs: number; limit: number; anyLease: boolean }): Promise<ResumableGame[]>;
  /**
   * Settles, by the abandonment rule, the live games whose lease lapsed `abandonAfterMs` ago or
   * more, and the stakes bound `strandedAfterMs` ago or more to a game never written.
   */
  settleAbandoned(endedAt: Date, after: { abandonAfterMs: number; strandedAfterMs: number }): Promise<InterruptedGames>;
  /** Started games not over yet, on every node. */
  countActive(): Promise<number>;
  /** The node that holds a live game, and whether its lease runs (a lapsed one: that node is gone); null when over or unknown. */
  ownerOf(sessionId: string): Promise<{ node: string; live: boolean } | null>;
  /** The live game whose seat this guest rejoin key opens, on whichever node. */
  gameOfRejoinKey(rejoinKey: string): Promise<string | null>;
  /** Settles one game held under `fence` by the same rule (it cannot be resumed); false if not held. */
  abandon(sessionId: string, fence: Fence, endedAt: Date): Promise<boolean>;
}
