// What the game history needs from storage: a wallet's finished and running duels, and the
// staked games it cancelled while they waited, newest first.

import type { EndReason } from '@duel-dojo/protocol';
import type { Lamports } from '@duel-dojo/rules';

export interface GameRecordRow {
  sessionId: string;
  createdAt: Date;
  player1Id: string | null;
  player2Id: string | null;
  player1Wallet: string | null;
  player2Wallet: string | null;
  player1Name: string | null;
  player2Name: string | null;
  player1Character: number;
  /** Null: the game never found an opponent (a staked wait that was cancelled). */
  player2Character: number | null;
  betAmount: string;
  stakeLamports: Lamports;
  winner: string | null;
  gameOver: boolean;
  endReason: EndReason | null;
  currentRound: number;
  rewardClaimed: boolean;
  isBot: boolean;
  fairnessCommitment: string | null;
  serverSeed: string | null;
  /** Both players' seeds, written at game over; null before and for older games. */
  clientSeeds: { player1: string; player2: string } | null;
  /** The round log (modules/duels RoundLogRow), written at game over. */
  rounds: readonly unknown[];
  payoutState: 'none' | 'due' | 'paid' | 'refund_due' | 'refunded';
  /** What the listed wallet paid for its stake in this game, per the ledger; 0 when nothing. */
  stakePaidLamports: Lamports;
  /** The tournament's public id when the game was one of its bracket matches. */
  tournamentId: string | null;
}

export interface GameRecordsStore {
  /**
   * Games the wallet played in (an opponent was found) and its staked waits that were cancelled,
   * newest first, and how many there are.
   */
  listByWallet(wallet: string, limit: number, offset: number): Promise<{ rows: GameRecordRow[]; total: number }>;
  /** One game by its session id (no wallet's payment listed); null when unknown. */
  findBySession(sessionId: string): Promise<GameRecordRow | null>;
  /** Started games not over yet, newest first (docs/spectating.md). */
  listLive(limit: number): Promise<LiveGameRow[]>;
}

export interface LiveGameRow {
  sessionId: string;
  createdAt: Date;
  player1Name: string | null;
  player2Name: string | null;
  player1Character: number;
  player2Character: number;
  betAmount: string;
  currentRound: number;
  isBot: boolean;
}
