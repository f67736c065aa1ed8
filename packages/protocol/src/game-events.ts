import { MAX_HEALTH, STAKE_LABELS } from '@duel-dojo/rules';
import { z } from 'zod';
import { endReason } from './end-reason';
import { fairnessInfo } from './fairness';
import { MAX_ID, MAX_TEXT } from './limits';
import { boundedText, characterId, count, entityId, epochMs, lamportsString, walletAddress } from './primitives';
import { action, rejoinKey } from './socket-client-events';
import { tournamentMatchInfo } from './tournaments';

// The live game's events (docs/game-events.md):
// gameState, roundStart, roundEnd, actionConfirmed and the opponent's presence. Each carries the
// game's sessionId and version: a client that sees a gap, or reconnects, asks for the full state
// (checkActiveGame) instead of guessing.

/** A socket id, or "bot" for the bot's seat. */
export const socketId = boundedText(MAX_ID);
export const health = z.int().min(0).max(MAX_HEALTH);
/** Who won a round or a game; rules' Slot | 'draw'. */
export const slotOrDraw = z.enum(['player1', 'player2', 'draw']);
/** The label of a stake tier, as the server reports it. */
export const stakeTierLabel = z.enum(STAKE_LABELS);

/**
 * The game's version: +1 for every event sent to both players (gameState, roundStart, roundEnd),
 * so a gap is visible. A reply to one player (actionConfirmed, the gameState of a rejoin)
 * carries the current version without taking a new one, so the other player sees no gap.
 */
const gameEventFields = {
  sessionId: entityId,
  version: z.int().nonnegative(),
};

/** The server's phases of one game (docs/game-events.md). */
export const GAME_PHASES = ['waiting', 'intro', 'round', 'results', 'over', 'cancelled'] as const;
export type GamePhase = (typeof GAME_PHASES)[number];

export const gameStatsEvent = z.object({ onlinePlayers: count, activeGames: count });

export const serverTimeEvent = z.object({
  clientTime: z.number().nonnegative().finite(),
  serverTime: epochMs,
});

export const roundStartEvent = z.object({
  ...gameEventFields,
  round: z.int().positive(),
  /** Server epoch ms; actions after it are refused. */
  endTime: epochMs,
});

/** One player's side of a resolved round; action and prediction are null when it did not act. */
export const roundSide = z.object({
  action: action.nullable(),
  prediction: action.nullable(),
  predictedRight: z.boolean(),
  damageTaken: count,
  healingReceived: count,
});
export type RoundSide = z.infer<typeof roundSide>;

export const roundEndEvent = z.object({
  ...gameEventFields,
  round: z.int().positive(),
  player1Health: health,
  player2Health: health,
  /** rules' roundWinner: who gained more this round (roundResultText turns it into words). */
  roundWinner: slotOrDraw,
  suddenDeath: z.boolean(),
  gameOver: z.boolean(),
  /** Set when gameOver: the surviving slot or 'draw'. */
  winner: slotOrDraw.nullable(),
  player1: roundSide,
  player2: roundSide,
});

export const actionConfirmedEvent = z.object({
  ...gameEventFields,
  round: z.int().positive(),
  action,
  prediction: action,
});

/** The opponent's connection as the server sees it; `since` is when it last changed (server epoch ms). */
export const opponentPresence = z.object({ connected: z.boolean(), since: epochMs });
export type OpponentPresence = z.infer<typeof opponentPresence>;

/** To one player: the opponent's connection changed. Carries the current version (a reply, not a broadcast). */
export const opponentStatusEvent = z.object({ ...gameEventFields, ...opponentPresence.shape });

/** To one player: the opponent's move for the round is in (never which move). */
export const opponentLockedEvent = z.object({ ...gameEventFields, round: z.int().positive() });

/** A fighter on the board: which character and its health now. */
export const liveCharacter = z.object({ id: characterId, health });

/** The live game state, plus version, phase, round, endTime and the fairness commitment. */
export const gameStateEvent = z.object({
  ...gameEventFields,
  phase: z.enum(GAME_PHASES),
  /** The current or last round; 0 before the first. */
  round: count,
  /** The current round's end (server epoch ms); null outside a round. */
  endTime: epochMs.nullable(),
  /** Socket ids of the seats (compare with socket.id); "bot" for the bot; null while empty. */
  player1: socketId.nullable(),
  player2: socketId.nullable(),
  player1Wallet: walletAddress.nullable(),
  player2Wallet: walletAddress.nullable(),
  player1Name: boundedText(MAX_TEXT).nullable(),
  player2Name: boundedText(MAX_TEXT).nullable(),
  /** player1's fighter. */
  playerCharacter: liveCharacter,
  /** player2's fighter; null while waiting for an opponent. */
  opponentCharacter: liveCharacter.nullable(),
  vsBot: z.boolean(),
  gameOver: z.boolean(),
  winner: slotOrDraw.nullable(),
  /** How the game ended; null until it is over. */
  endReason: endReason.nullable(),
  /**
   * To a player only: the opponent's connection (absent for the bot, a waiting game, or when
   * the game is over), so a rejoining player sees at once that the other side is away.
   */
  opponentStatus: opponentPresence.optional(),
  /** To a player only, while a round runs: the opponent's move for it is in (never which). */
  opponentLocked: z.boolean().optional(),
  /** To its two players only: the tournament call a reserved duel is played for; null for any other game. */
  tournament: tournamentMatchInfo.nullable().optional(),
  /** Set for the creator of a waiting game that can be joined by invite. */
  inviteCode: entityId.nullable(),
  canInvite: z.boolean(),
  betAmount: stakeTierLabel,
  /** Each player's stake in lamports; "0" when free. */
  stakeLamports: lamportsString,
  /** The commitment from the start; the seed once the game is over. */
  fairness: fairnessInfo,
  /**
   * The viewer's own move in the running round, once sent (absent otherwise): a client that
   * reloads mid-round shows it locked instead of offering moves the server would refuse.
   */
  myMove: z.object({ action, prediction: action }).optional(),
  /**
   * Only to a guest, only about its own seat, while the game can still be played: the secret
   * that takes the seat back from a new connection (checkActiveGame {rejoinKey}). Never sent to
   * the opponent; signed-in players rejoin with their token instead.
   */
  rejoinKey: rejoinKey.optional(),
});
export type GameState = z.infer<typeof gameStateEvent>;
