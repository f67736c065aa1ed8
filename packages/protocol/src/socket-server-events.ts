import { MAX_HEALTH, STAKE_LABELS } from '@duel-dojo/rules';
import { z } from 'zod';
import { errorCode } from './errors';
import { fairnessInfo } from './fairness';
import { paymentTermsFields } from './payment-terms';
import { MAX_ID, MAX_MESSAGE, MAX_TEXT } from './limits';
import {
  boundedText,
  characterId,
  count,
  entityId,
  epochMs,
  lamportsString,
  transactionSignature,
  walletAddress,
} from './primitives';
import { CLIENT_EVENT_NAMES, action, rejoinKey } from './socket-client-events';
import { tournamentMatchNotice } from './tournaments';

// The payload of every event the server sends (spec §7 "Real-time socket events received", §3
// "Live game state"). Game events (gameState, roundStart, roundEnd, actionConfirmed) carry the
// game's sessionId and version: a client that sees a gap, or reconnects, asks for the full
// state (checkActiveGame) instead of guessing.

const message = boundedText(MAX_MESSAGE);
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

/** The server's phases of one game (DESIGN.md "Game server rules" timeline). */
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

/** A fighter on the board: which character and its health now. */
export const liveCharacter = z.object({ id: characterId, health });

/** Spec §3 "Live game state", plus version, phase, round, endTime and the fairness commitment. */
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

/** Answer to checkActiveGame. */
export const activeGameCheckEvent = z.object({
  hasActiveGame: z.boolean(),
  gameSession: gameStateEvent.nullable(),
});

/** Answer to checkActiveGames: the same full state, under the spec's other name. */
export const activeGameResultEvent = z.object({
  hasActiveGame: z.boolean(),
  gameData: gameStateEvent.nullable(),
});

/** How to pay a stake: one system transfer of `lamports` to recipientWallet, with `reference`. */
export const betInfoEvent = z.object({ betAmount: stakeTierLabel, paymentId: entityId, ...paymentTermsFields });

/** Shared by every result event: a failure may carry a catalogue code. */
const resultFields = {
  success: z.boolean(),
  message,
  code: errorCode.optional(),
};

export const paymentVerifiedEvent = z.object({
  ...resultFields,
  /** The payment and the signature this answer is for: a client with two verifications in flight tells them apart. */
  paymentId: entityId.optional(),
  signature: transactionSignature.optional(),
  /** true when the transaction is not visible yet: verify again with the same signature. */
  retryable: z.boolean().optional(),
});

export const claimRewardResultEvent = z.object({
  ...resultFields,
  sessionId: entityId.optional(),
  /** The payout in lamports; null on failure. */
  amount: lamportsString.nullable(),
  transactionSignature: transactionSignature.nullable(),
});

export const cancelGameResultEvent = z.object({
  ...resultFields,
  sessionId: entityId.optional(),
  /** The refund's signature; null for a free game or a failure. */
  transactionSignature: transactionSignature.nullable(),
});

export const joinViaInviteResultEvent = z.object({
  ...resultFields,
  /** A paid invite: pay betAmount (requestBetInfo), then joinViaInvite again with the payment. */
  requiresPayment: z.boolean(),
  /** null when the invite is unknown. */
  betAmount: stakeTierLabel.nullable(),
  /** Who waits behind the invite, so a paid one can be confirmed with their name; null for a guest. */
  inviterName: boundedText(MAX_TEXT).nullable().optional(),
});

/**
 * Answer to lookupInvite: what joining would cost and who waits, shown before Join. found false:
 * unknown here or no longer waiting; joinViaInvite still has the last word.
 */
export const inviteInfoEvent = z.object({
  inviteCode: entityId,
  found: z.boolean(),
  /** null when not found. */
  betAmount: stakeTierLabel.nullable(),
  /** The inviter's display name; null for a guest, a tournament's reserved duel, or when not found. */
  inviterName: boundedText(MAX_TEXT).nullable(),
});

export const playWithBotResultEvent = z.object(resultFields);

export const marketplacePurchaseInfoEvent = z.discriminatedUnion('success', [
  z.object({ success: z.literal(true), message, characterId, purchaseId: entityId, ...paymentTermsFields }),
  z.object({ success: z.literal(false), message, code: errorCode.optional() }),
]);

export const marketplacePurchaseResultEvent = z.object({
  ...resultFields,
  characterId: characterId.optional(),
  /** The purchase and the signature this answer is for. */
  purchaseId: entityId.optional(),
  signature: transactionSignature.optional(),
  characterOwnershipUpdated: z.boolean(),
  transactionSignature: transactionSignature.nullish(),
  /** true when the transaction is not visible yet (the message says "not found"). */
  retryable: z.boolean().optional(),
});

const clientEventName = z.enum(CLIENT_EVENT_NAMES);

/** Anything refused; `event` names the client event it answers when there is one. */
export const errorEvent = z.object({
  message,
  code: errorCode.optional(),
  event: clientEventName.optional(),
});

/** Event name -> schema of its payload, for a client that validates what it receives. */
export const serverEventSchemas = {
  gameStats: gameStatsEvent,
  serverTime: serverTimeEvent,
  roundStart: roundStartEvent,
  roundEnd: roundEndEvent,
  actionConfirmed: actionConfirmedEvent,
  gameState: gameStateEvent,
  activeGameCheck: activeGameCheckEvent,
  activeGameResult: activeGameResultEvent,
  betInfo: betInfoEvent,
  paymentVerified: paymentVerifiedEvent,
  claimRewardResult: claimRewardResultEvent,
  cancelGameResult: cancelGameResultEvent,
  joinViaInviteResult: joinViaInviteResultEvent,
  inviteInfo: inviteInfoEvent,
  playWithBotResult: playWithBotResultEvent,
  marketplacePurchaseInfo: marketplacePurchaseInfoEvent,
  marketplacePurchaseResult: marketplacePurchaseResultEvent,
  /** Issue 8: a tournament duel is called; join it with joinViaInvite before its deadline. */
  tournamentMatch: tournamentMatchNotice,
  error: errorEvent,
} as const;

export type ServerEventName = keyof typeof serverEventSchemas;
export const SERVER_EVENT_NAMES = Object.keys(serverEventSchemas) as [ServerEventName, ...ServerEventName[]];
export type ServerEventPayload<E extends ServerEventName> = z.infer<(typeof serverEventSchemas)[E]>;
