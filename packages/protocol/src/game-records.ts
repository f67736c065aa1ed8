import { z } from 'zod/mini';
import { endReason } from './end-reason';
import { fairnessInfo } from './fairness';
import { MAX_ID, MAX_LIST, MAX_TEXT } from './limits';
import { boundedText, characterId, count, entityId, isoDateTime, lamportsString, pagination, walletAddress } from './primitives';

// A game record and GET /api/games, plus the money and fairness of each game.

/** GET /api/games?wallet=&limit=&offset= (newest first; limit 1–100, default 20). */
export const gamesQuery = z.extend(pagination, { wallet: walletAddress });
export type GamesQuery = z.input<typeof gamesQuery>;
export type ParsedGamesQuery = z.output<typeof gamesQuery>;

export const characterRef = z.object({ id: characterId });
export type CharacterRef = z.infer<typeof characterRef>;

/** One side of a logged round: the moves, the outcome and the provably-fair factor of its hits. */
export const roundLogSide = z.object({
  action: z.nullable(boundedText(20)),
  prediction: z.nullable(boundedText(20)),
  predictedRight: z.boolean(),
  damageTaken: count,
  healingReceived: count,
  health: count,
  factor: z.number().check(z.gte(0.9), z.lte(1.1)),
});
export type RoundLogSide = z.infer<typeof roundLogSide>;

/** One resolved round as the record keeps it: enough for anyone to replay and verify the game. */
export const roundLogEntry = z.object({
  round: z.int().check(z.positive()),
  suddenDeath: z.boolean(),
  roundWinner: boundedText(20),
  player1: roundLogSide,
  player2: roundLogSide,
});
export type RoundLogEntry = z.infer<typeof roundLogEntry>;

export const gameRecord = z.object({
  sessionId: entityId,
  createdAt: isoDateTime,
  /** null for a guest or the bot. */
  player1Wallet: z.nullable(walletAddress),
  player2Wallet: z.nullable(walletAddress),
  /** Player ids (user id, or "bot"); null for a guest or an empty seat. */
  player1: z.nullable(boundedText(MAX_ID)),
  player2: z.nullable(boundedText(MAX_ID)),
  player1Name: z.nullable(boundedText(MAX_TEXT)),
  player2Name: z.nullable(boundedText(MAX_TEXT)),
  /**
   * The winner's wallet, else its slot ('player1' / 'player2') when it has none (bot, guest),
   * or 'draw'; null while not over. Read it with rules' resultForViewer.
   */
  winner: z.nullable(boundedText(MAX_ID)),
  gameOver: z.boolean(),
  /** The stake label ("Free!", "5$", "10$"); rules' isPaidBet reads it. */
  betAmount: boundedText(50),
  /** player1's character. */
  playerCharacter: characterRef,
  /** player2's character; null for a staked game cancelled before an opponent came. */
  opponentCharacter: z.nullable(characterRef),
  /** Rounds played; 0 shows "Quick match". */
  currentRound: count,
  rewardClaimed: z.boolean(),
  /** Each player's stake in lamports; "0" for a free game. */
  stakeLamports: lamportsString,
  /** What the winner receives (floor(pot × 97 / 100)); "0" for a free game or a draw. */
  payoutLamports: lamportsString,
  /** What the listed wallet (the query's `wallet`) paid for its stake, as the ledger booked it; "0" when none. */
  stakePaidLamports: lamportsString,
  /**
   * The listed wallet's stake is given back: a draw, or a staked game cancelled while it waited.
   * The wallet's money page (GET /api/user/{wallet}/money) shows the refund's transfer.
   */
  refunded: z.boolean(),
  /** A staked game cancelled while it waited for an opponent: listed only for its refund. */
  cancelled: z.boolean(),
  /** The tournament (public id) whose bracket match this game was; null for any other game. */
  tournamentId: z.nullable(entityId),
  /** null only for a game that never reached its first round. */
  fairness: z.nullable(fairnessInfo),
  /** How the game ended; null while it runs, for a cancelled wait, and for games finished before it was recorded. */
  endReason: z.nullable(endReason),
  /** The round log, once the game is over (it would tell an opponent nothing new, but a running
   * game's log is the live game's business). Empty before the end. */
  rounds: z.array(roundLogEntry).check(z.maxLength(100)),
});
export type GameRecord = z.infer<typeof gameRecord>;

export const gamesAnswer = z.object({
  success: z.literal(true),
  games: z.array(gameRecord).check(z.maxLength(MAX_LIST)),
  /** All games of the wallet, for paging. */
  total: count,
});
export type GamesAnswer = z.infer<typeof gamesAnswer>;

/** GET /api/games/{sessionId}: one game's record, for its watch page. */
export const gameParams = z.object({ sessionId: entityId });

/** One game's record: its round log and seed only once it is over. */
export const gameRecordAnswer = z.object({ success: z.literal(true), game: gameRecord });
export type GameRecordAnswer = z.infer<typeof gameRecordAnswer>;
