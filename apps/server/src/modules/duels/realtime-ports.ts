// Matchmaking and presence behind interfaces, Colyseus style: adapters/realtime has the
// in-process implementations and the Redis ones, with which several nodes share one queue
// per stake tier, one set of invites and one "active game" per wallet. Every method is async
// for that reason, and each one is a single atomic step the Redis version can do in one command.

/** A waiting game as its tier's queue holds it (queue-pick.ts). */
export interface QueuedGame {
  readonly entry: string;
  /** When it was queued, in ms by the queue's own clock (one clock for every node); null when unknown. */
  readonly queuedAt: number | null;
  /** How long it has waited by that same clock; null when unknown (queued by an older version). */
  readonly waitedMs: number | null;
}

export interface MatchQueue {
  /**
   * Adds a waiting game at the back of its tier's queue (`front`: put back at the front), queued
   * now, or at `queuedAt` (a game put back keeps its age).
   */
  push(tier: string, sessionId: string, front?: boolean, queuedAt?: number | null): Promise<void>;
  /** Removes and returns the oldest waiting game of the tier, or null when none waits. */
  shift(tier: string): Promise<string | null>;
  /** The tier's first `limit` waiting games, oldest first, each with how long it has waited. */
  waiting(tier: string, limit: number): Promise<readonly QueuedGame[]>;
  /** Removes a waiting game; true when it was still queued (a cancel may have removed it first). */
  remove(tier: string, sessionId: string): Promise<boolean>;
  addInvite(inviteCode: string, sessionId: string): Promise<void>;
  findInvite(inviteCode: string): Promise<string | null>;
  removeInvite(inviteCode: string): Promise<void>;
}

export interface Presence {
  socketConnected(socketId: string): Promise<void>;
  socketDisconnected(socketId: string): Promise<void>;
  onlineCount(): Promise<number>;
  /**
   * Compare-and-set of a player's active game: sets `sessionId` only when the player's current
   * game is `expected` (null: none). true when set. This is the "one active game per wallet" lock.
   */
  claimPlayer(playerKey: string, sessionId: string, expected?: string | null): Promise<boolean>;
  /** Clears the player's active game, only if it is still `sessionId`. */
  releasePlayer(playerKey: string, sessionId: string): Promise<void>;
  gameOf(playerKey: string): Promise<string | null>;
}

/**
 * Requests between server nodes (docs/several-nodes.md): a game's commands run on the node that
 * holds it, whichever node the player is connected to. Messages are plain JSON.
 */
export interface NodeBus {
  /** Sends `message` to `node`; resolves with its answer, rejects on its error or after `timeoutMs`. */
  request(node: string, message: unknown, timeoutMs: number): Promise<unknown>;
  /** Answers the requests sent to this node. */
  serve(handler: (message: unknown) => Promise<unknown>): void;
}

/** Matchmaking runs one join at a time per stake tier, across every node. */
export interface TierLocks {
  run<T>(tier: string, task: () => Promise<T>): Promise<T>;
}
