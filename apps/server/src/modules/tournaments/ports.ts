// What the tournaments module needs from outside: storage (adapters/db/tournaments-store.ts,
// with brackets-manager's storage on the same database), the duels module's reserved matches
// (a duel between two given wallets), and a way to tell a player their duel is called.
import type { ErrorCode, TournamentEntryAnswer, TournamentFormat, TournamentMatchNotice, TournamentMatchInfo, TournamentPrizes, TournamentStatus } from '@duel-dojo/protocol';
import type { Lamports } from '@duel-dojo/rules';
import type { CrudInterface } from 'brackets-model';

export interface NewTournament {
  readonly tournamentId: string;
  readonly name: string;
  readonly description: string;
  readonly entryFee: string;
  /** What each entrant pays; 0 for a free tournament. */
  readonly entryFeeLamports: Lamports;
  readonly maxParticipants: number;
  readonly startDate: Date;
  readonly format: TournamentFormat;
  readonly prizes: TournamentPrizes;
  readonly creatorId: string;
}

export interface PlayerSummary {
  readonly userId: string;
  readonly walletAddress: string;
  readonly username: string | null;
  readonly displayName: string | null;
}

export interface ParticipantRecord extends PlayerSummary {
  readonly characterId: number;
  readonly level: number;
  readonly wins: number;
  readonly losses: number;
  readonly joinedAt: Date;
}

export interface TournamentRecord {
  /** Internal uuid; tournamentId is the short public one. */
  readonly id: string;
  readonly tournamentId: string;
  readonly name: string;
  readonly description: string;
  readonly entryFee: string;
  readonly entryFeeLamports: Lamports;
  /** A paid tournament's pool, fixed at its start; null before (and when free). */
  readonly prizePoolLamports: Lamports | null;
  readonly maxParticipants: number;
  readonly startDate: Date;
  readonly format: TournamentFormat;
  readonly status: TournamentStatus;
  readonly prizes: TournamentPrizes;
  readonly creatorWallet: string | null;
  readonly winner: PlayerSummary | null;
  readonly createdAt: Date;
  /** In registration order (the seeding). */
  readonly participants: readonly ParticipantRecord[];
}

export interface TournamentFilter {
  readonly status?: TournamentStatus | undefined;
  readonly creator?: string | undefined;
  readonly participant?: string | undefined;
  /** Joined or created by this wallet. */
  readonly member?: string | undefined;
  readonly format?: TournamentFormat | undefined;
  readonly sortBy: 'startDate' | 'createdAt' | 'currentParticipants' | 'name' | 'status';
  readonly sortOrder: 'asc' | 'desc';
  readonly limit: number;
  readonly offset: number;
}

/** payment-required: a paid tournament joined without (the right) entry payment. */
export type JoinResult = 'joined' | 'already' | 'full' | 'closed' | 'not-found' | 'no-user' | 'payment-required';

/** A duel called for a bracket match (tournament_matches row). */
export interface MatchCall {
  readonly id: string;
  readonly tournamentId: string;
  readonly matchId: number;
  readonly player1Id: string;
  readonly player2Id: string;
  readonly inviteCode: string;
  /** null once the duel has started. */
  readonly deadline: Date | null;
}

export type CallOutcome = 'played' | 'forfeit' | 'draw';

export interface Placing {
  readonly place: number;
  readonly userId: string;
  /** The place's share of a paid tournament's pool; 0 when free. */
  readonly prizeLamports: Lamports;
}

/** A placing as shown: with its prize transfer as the ledger has it (null: none written yet). */
export interface PlacingRecord extends Placing {
  readonly prizeTransfer: { readonly status: 'pending' | 'sent' | 'confirmed' | 'failed'; readonly signature: string | null } | null;
}

/** One database transaction: the bracket's storage and the tournament's rows, consistent together. */
export interface TournamentUnit {
  /** brackets-manager's CrudInterface inside this transaction. */
  readonly bracket: CrudInterface;
  /** The tournament, its row locked until the unit ends; null when unknown. */
  lock(id: string): Promise<TournamentRecord | null>;
  setStatus(id: string, status: TournamentStatus): Promise<void>;
  /** A paid tournament's pool, fixed as it starts. */
  fixPrizePool(id: string, lamports: Lamports): Promise<void>;
  complete(id: string, placings: readonly Placing[]): Promise<void>;
  openCalls(id: string): Promise<MatchCall[]>;
  placings(id: string): Promise<PlacingRecord[]>;
  insertCall(call: Omit<MatchCall, 'id'>): Promise<MatchCall>;
  /** open -> outcome, only while open: false when another result got there first. */
  closeCall(callId: string, outcome: CallOutcome, sessionId: string | null, endedAt: Date): Promise<boolean>;
}

export interface TournamentsStore {
  /** false when the public id is taken (the caller draws another). */
  create(row: NewTournament): Promise<boolean>;
  find(tournamentId: string): Promise<TournamentRecord | null>;
  findById(id: string): Promise<TournamentRecord | null>;
  list(filter: TournamentFilter): Promise<{ rows: TournamentRecord[]; total: number }>;
  /** Registration under the tournament's row lock: status, start date, capacity, once. */
  join(tournamentId: string, userId: string, characterId: number | null, now: Date): Promise<JoinResult>;
  ownsCharacter(userId: string, characterId: number): Promise<boolean>;
  /** Internal ids of upcoming tournaments whose start date has come. */
  dueToStart(now: Date): Promise<string[]>;
  activeIds(): Promise<string[]>;
  /** Open calls whose no-show deadline has passed. */
  overdueCalls(now: Date): Promise<MatchCall[]>;
  findCall(callId: string): Promise<MatchCall | null>;
  /** A player's open calls whose duel has not started, in every active tournament. */
  waitingCallsOf(walletAddress: string): Promise<MatchCall[]>;
  /** The duel has started: no-show no longer applies. */
  clearDeadline(callId: string): Promise<void>;
  /** At start: the duels of open calls lived in a previous process; they are called again. */
  voidOpenCalls(endedAt: Date): Promise<number>;
  unit<T>(work: (unit: TournamentUnit) => Promise<T>): Promise<T>;
}

/** The result of a reserved duel (duels module). */
export interface ReservedGameOver {
  readonly key: string;
  readonly sessionId: string;
  /** null: a draw. */
  readonly winnerWallet: string | null;
  /** Each wallet's health at the end. */
  readonly health: Readonly<Record<string, number>>;
}

export type Attendance = { readonly started: true } | { readonly started: false; readonly present: readonly string[] };

/** The duels module's reserved matches (modules/duels/reserved-matches.ts). */
export interface MatchHost {
  /**
   * A duel only these two wallets can join, with joinViaInvite {inviteCode}; `matches` is the call
   * as each wallet's gameState shows it (the opponent seen from that side, no invite code).
   */
  reserve(request: { key: string; inviteCode: string; wallets: readonly [string, string]; matches: Readonly<Record<string, TournamentMatchInfo>> }): void;
  /** The no-show deadline: who showed, or that the duel started (its result comes later). */
  close(key: string): Promise<Attendance>;
  onGameOver(listener: (result: ReservedGameOver) => void): void;
}

/** The entry terms of a paid tournament (payments module): what the player transfers. */
export type EntryTerms = Omit<TournamentEntryAnswer, 'success' | 'tournamentId'>;

/**
 * A paid entry, verified on chain and registered in one database transaction by the payments
 * and ledger modules: joined, refused before any money moved (retryable: not visible yet), or
 * refused after it came in and being refunded (full, closed, already, expired).
 */
export type EntryOutcome =
  /** The transaction that paid the seat (found by the payment's reference when none was offered). */
  | { readonly kind: 'joined'; readonly signature: string }
  /** givenBack: the transfer named the entry but could not pay it (a second payment, underpaid) and goes back. */
  | { readonly kind: 'refused'; readonly code: ErrorCode; readonly retryable: boolean; readonly givenBack?: boolean }
  | { readonly kind: 'refunding'; readonly reason: string };

/** The money side of paid tournaments (payments + ledger modules; absent without a chain). */
export interface TournamentMoney {
  requestEntry(request: { wallet: string; tournamentId: string; lamports: Lamports }): Promise<EntryTerms>;
  /** Without a signature (a phone wallet paid the entry's QR code), the transfer is found by its reference. */
  payEntry(request: { wallet: string; tournamentId: string; characterId: number | null; paymentId: string; signature?: string | undefined }): Promise<EntryOutcome>;
  /** A completed tournament's prizes, paid now (what stalls is finished by the ledger's loop). */
  payPrizes(tournamentId: string): Promise<unknown>;
  /** A cancelled paid tournament's entries, refunded now (the ledger's loop is the safety net). */
  refundEntries(tournamentId: string): Promise<unknown>;
}

/** Tells a player (all their sockets) that a duel is called. */
export interface TournamentNotifier {
  matchCalled(walletAddress: string, notice: TournamentMatchNotice): void;
}
