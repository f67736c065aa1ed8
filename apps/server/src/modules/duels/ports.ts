// What the live game needs from outside the module: storage (adapters/db/duels-store.ts), the
// transport that delivers its events (adapters/realtime), and the payments module's stakes and
// refunds. The module never sees SQL, Socket.IO or the chain.
import type { EndReason, ServerEventName, ServerEventWire } from '@duel-dojo/protocol';
import type { ClientSeeds, Lamports, StakeLabel } from '@duel-dojo/rules';
import type { Fence, LiveState } from './live-state';

/** Who sent an event: a signed-in player (from the handshake token) or a guest. */
export interface PlayerIdentity {
  /** The "one active game" key: `wallet:<address>` for a player, `guest:<socket id>` for a guest. */
  readonly key: string;
  /** null for a guest. */
  readonly userId: string | null;
  readonly wallet: string | null;
  readonly name: string | null;
}

export type PayoutStateOnEnd = 'none' | 'due' | 'refund_due';

/** A game row as it is created, waiting for an opponent. */
export interface NewGameRow {
  sessionId: string;
  player1Id: string | null;
  player1Wallet: string | null;
  player1Name: string | null;
  player1Character: number;
  betAmount: StakeLabel;
  stakeLamports: Lamports;
  fairnessCommitment: string;
  /** Kept from the start (hidden by every read until the game is over) so another node can resume it. */
  serverSeed: string;
  liveState: LiveState;
}

/** The second seat, when a game starts. */
export interface MatchedRow {
  player2Id: string | null;
  player2Wallet: string | null;
  player2Name: string | null;
  player2Character: number;
  isBot: boolean;
}

/** One resolved round as the record keeps it: enough to replay and verify the game. */
export interface RoundLogSide {
  action: string | null;
  prediction: string | null;
  predictedRight: boolean;
  damageTaken: number;
  healingReceived: number;
  health: number;
  /** The provably-fair factor of this side's hits (rules' hitFactor). */
  factor: number;
}

export interface RoundLogRow {
  round: number;
  suddenDeath: boolean;
  roundWinner: string;
  player1: RoundLogSide;
  player2: RoundLogSide;
}

export interface FinishedGameRow {
  sessionId: string;
  /** The winner's wallet, else its slot ('player1' / 'player2'), or 'draw'. */
  winner: string;
  endReason: EndReason;
  currentRound: number;
  rounds: RoundLogRow[];
  serverSeed: string;
  clientSeeds: ClientSeeds | null;
  endedAt: Date;
  payoutState: PayoutStateOnEnd;
}

/** A registered player's running stats and progress, as the game-over transaction reads them. */
export interface PlayerStatsRow {
  totalMatches: number;
  wins: number;
  losses: number;
  draws: number;
  totalEarnings: Lamports;
  totalLosses: Lamports;
  biggestWin: Lamports;
  biggestLoss: Lamports;
  totalProfit: bigint;
  longestWinStreak: number;
  currentWinStreak: number;
  favoriteCharacter: number | null;
  characterPlays: Record<string, number>;
  totalRoundsPlayed: number;
  freeGamesPlayed: number;
  paidGamesPlayed: number;
  experience: number;
  level: number;
}

/** How one registered player's stats change: a pure function of the row read under lock. */
export interface StatsChange {
  userId: string;
  apply(current: PlayerStatsRow): PlayerStatsRow;
}

/** A round closed: the log so far and the live state, so the game resumes from here. */
export interface SavedRound {
  sessionId: string;
  currentRound: number;
  rounds: RoundLogRow[];
  liveState: LiveState;
}

/** One game's closed round in a batch of many games' (write-batch.ts), with that game's own fence. */
export interface FencedRound {
  readonly round: SavedRound;
  readonly fence: Fence;
}

/** One new waiting game in a batch of many games', with its own fence. */
export interface FencedNewGame {
  readonly row: NewGameRow;
  readonly fence: Fence;
}

/** One game's second seat in a batch of many games', with its own fence. */
export interface FencedMatch {
  readonly sessionId: string;
  readonly row: MatchedRow;
  readonly liveState: LiveState;
  readonly fence: Fence;
}

/** One game's record in a batch of many games', with that game's own fence. */
export interface FencedResult {
  readonly result: FinishedGameRow;
  readonly fence: Fence;
}

/**
 * Every write of a live game carries its fence (live-state.ts) and changes nothing when another
 * node has taken the game over since (a newer epoch): a stalled old owner can neither move the
 * game back nor settle it twice.
 */
export interface DuelsStore {
  /**
   * Inserts the games row of a new waiting game, leased to this node, so its sessionId is durable;
   * false when a paid game's creator's stake is no longer verified and bound to it (given back meanwhile).
   */
  createGame(row: NewGameRow, fence: Fence): Promise<boolean>;
  /** Fills the second seat; false when the game was not waiting any more (or the lease is lost). */
  startGame(sessionId: string, row: MatchedRow, liveState: LiveState, fence: Fence): Promise<boolean>;
  /** createGame for many games in one statement, at most one per game; answers the session ids written. Throws: none was written. */
  createGames(batch: readonly FencedNewGame[]): Promise<ReadonlySet<string>>;
  /** startGame for many games in one statement, at most one per game; answers the session ids seated. */
  startGames(batch: readonly FencedMatch[]): Promise<ReadonlySet<string>>;
  /** Persists a closed round; false when the lease is lost. */
  saveRound(round: SavedRound, fence: Fence): Promise<boolean>;
  /**
   * Many games' closed rounds in one statement, at most one per game; answers the session ids
   * written (a game left out lost its lease, as saveRound's false). Throws: none was written.
   */
  saveRounds(batch: readonly FencedRound[]): Promise<ReadonlySet<string>>;
  /** Ends a waiting game without a match (ended_at set, game_over stays false: no battle). */
  cancelGame(sessionId: string, endedAt: Date, payoutState: 'none' | 'refund_due', fence: Fence): Promise<boolean>;
  /**
   * In ONE transaction: the game's result (only if it is not over yet and the lease is still
   * this fence's) and every change of the registered players' stats, each applied to its row
   * read under a row lock. false (and nothing written) otherwise.
   */
  finishGame(result: FinishedGameRow, changes: readonly StatsChange[], fence: Fence): Promise<boolean>;
  /**
   * The records of many games with no registered player's stats to change, in one statement, at
   * most one per game; answers the session ids written (finishGame's true). Throws: none was written.
   */
  finishGames(batch: readonly FencedResult[]): Promise<ReadonlySet<string>>;
  /** Whether the user bought this marketplace character (free ones need no row). */
  ownsCharacter(userId: string, characterId: number): Promise<boolean>;
  /** A finished game as a rematch needs it (rematch.ts); null when unknown or not over. */
  pastGame(sessionId: string): Promise<PastGame | null>;
}

/** A finished game's seats and stake: who may ask for its rematch, and on what terms. */
export interface PastGame {
  readonly sessionId: string;
  readonly betAmount: string;
  readonly endedAt: Date;
  readonly isBot: boolean;
  /** A tournament's bracket match: its rematch is the bracket's business, never ours. */
  readonly tournament: boolean;
  readonly player1: { readonly wallet: string | null; readonly name: string | null; readonly characterId: number };
  readonly player2: { readonly wallet: string | null; readonly name: string | null; readonly characterId: number | null };
}

/** Delivers events to sockets: Socket.IO rooms in-process, the Redis adapter across nodes. */
export interface GameEmitter {
  toSocket<E extends ServerEventName>(socketId: string, event: E, payload: ServerEventWire<E>): void;
  /** To every socket of a signed-in wallet, on every node. */
  toPlayer<E extends ServerEventName>(walletAddress: string, event: E, payload: ServerEventWire<E>): void;
  /** From now on this socket receives the gameStats pushes. */
  watchStats(socketId: string): void;
  /** No more gameStats pushes to this socket (it took a seat: the game screen shows no counts). */
  unwatchStats(socketId: string): void;
  toStatsWatchers(payload: ServerEventWire<'gameStats'>): void;
  /** Whether this socket is connected now, to this node or (several nodes) another. */
  isConnected(socketId: string): Promise<boolean>;
  /** A socket of this signed-in wallet connected now, to any node; null when it has none. */
  socketOfPlayer(walletAddress: string): Promise<string | null>;
  /** To every socket in a room, on every node (a game's spectators, docs/spectating.md). */
  toRoom<E extends ServerEventName>(room: string, event: E, payload: ServerEventWire<E>): void;
  /** The socket (of this node or another) joins / leaves a room; a disconnect leaves them all. */
  joinRoom(socketId: string, room: string): void;
  leaveRoom(socketId: string, room: string): void;
}

/**
 * The payments module takes a stake for a game: the payment `paymentId` must be
 * verified on chain, paid by `walletAddress` for the tier `betAmount`, and not used before. It is
 * bound to game `sessionId` exactly once (a second call for the same payment fails). Answers
 * the stake in lamports, or throws the refusal (an AppError) saying why it cannot be used.
 */
export interface StakeVerifier {
  takeVerifiedStake(request: {
    paymentId: string;
    walletAddress: string;
    betAmount: StakeLabel;
    sessionId: string;
  }): Promise<{ stakeLamports: Lamports }>;
}

/**
 * The payments/ledger module refunds the stake of a cancelled waiting game (the games row is
 * already marked payout_state 'refund_due'). Exactly once per game; the address comes from the
 * database, never from here. A pending refund answers transactionSignature null.
 */
export interface RefundRequester {
  refundCancelledGame(request: { sessionId: string; walletAddress: string }): Promise<{ transactionSignature: string | null }>;
}
