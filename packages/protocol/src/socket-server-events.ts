import { z } from 'zod/mini';
import { errorCode } from './errors';
import {
  actionConfirmedEvent,
  gameStateEvent,
  gameStatsEvent,
  opponentLockedEvent,
  opponentStatusEvent,
  roundEndEvent,
  roundStartEvent,
  serverTimeEvent,
  stakeTierLabel,
} from './game-events';
import { spectatorsEvent } from './live-games';
import { MAX_MESSAGE, MAX_TEXT } from './limits';
import { paymentTermsFields } from './payment-terms';
import { boundedText, characterId, entityId, epochMs, lamportsString, transactionSignature } from './primitives';
import { CLIENT_EVENT_NAMES } from './socket-client-events';
import { tournamentMatchNotice } from './tournaments';

// The payload of every event the server sends; the
// live game's own events are in game-events.ts.

const message = boundedText(MAX_MESSAGE);
/** Answer to checkActiveGame. */
export const activeGameCheckEvent = z.object({
  hasActiveGame: z.boolean(),
  gameSession: z.nullable(gameStateEvent),
});

/** Answer to checkActiveGames: the same full state, under the protocol's other name. */
export const activeGameResultEvent = z.object({
  hasActiveGame: z.boolean(),
  gameData: z.nullable(gameStateEvent),
});

/** How to pay a stake: one system transfer of `lamports` to recipientWallet, with `reference`. */
export const betInfoEvent = z.object({ betAmount: stakeTierLabel, paymentId: entityId, ...paymentTermsFields });

/** Shared by every result event: a failure may carry a catalogue code. */
const resultFields = {
  success: z.boolean(),
  message,
  code: z.optional(errorCode),
};

export const paymentVerifiedEvent = z.object({
  ...resultFields,
  /** The payment and the signature this answer is for: a client with two verifications in flight tells them apart. */
  paymentId: z.optional(entityId),
  signature: z.optional(transactionSignature),
  /** true when the transaction is not visible yet: verify again with the same signature. */
  retryable: z.optional(z.boolean()),
});

export const claimRewardResultEvent = z.object({
  ...resultFields,
  sessionId: z.optional(entityId),
  /** The payout in lamports; null on failure. */
  amount: z.nullable(lamportsString),
  transactionSignature: z.nullable(transactionSignature),
});

export const cancelGameResultEvent = z.object({
  ...resultFields,
  sessionId: z.optional(entityId),
  /** The refund's signature; null for a free game or a failure. */
  transactionSignature: z.nullable(transactionSignature),
});

export const joinViaInviteResultEvent = z.object({
  ...resultFields,
  /** A paid invite: pay betAmount (requestBetInfo), then joinViaInvite again with the payment. */
  requiresPayment: z.boolean(),
  /** null when the invite is unknown. */
  betAmount: z.nullable(stakeTierLabel),
  /** Who waits behind the invite, so a paid one can be confirmed with their name; null for a guest. */
  inviterName: z.optional(z.nullable(boundedText(MAX_TEXT))),
});

/**
 * Answer to lookupInvite: what joining would cost and who waits, shown before Join. found false:
 * unknown here or no longer waiting; joinViaInvite still has the last word.
 */
export const inviteInfoEvent = z.object({
  inviteCode: entityId,
  found: z.boolean(),
  /** null when not found. */
  betAmount: z.nullable(stakeTierLabel),
  /** The inviter's display name; null for a guest, a tournament's reserved duel, or when not found. */
  inviterName: z.nullable(boundedText(MAX_TEXT)),
});

export const playWithBotResultEvent = z.object(resultFields);

/** To the opponent of a player who asked for a rematch of `sessionId` (docs/rematch.md). */
export const rematchOfferedEvent = z.object({
  sessionId: entityId,
  /** The asking player's display name. */
  from: z.nullable(boundedText(MAX_TEXT)),
  betAmount: stakeTierLabel,
  /** Each player's stake in lamports, as the game just played; "0" when free. */
  stakeLamports: lamportsString,
  /** Server epoch ms: asking after it starts nothing, and the asking player's stake is refunded. */
  expiresAt: epochMs,
});

/** Answer to requestRematch: the new game's gameState follows on success. */
export const rematchResultEvent = z.object({
  ...resultFields,
  /** The game the rematch was asked for. */
  sessionId: entityId,
  /** The new game; absent on failure. */
  newSessionId: z.optional(entityId),
  /** true: both asked, the new game starts; false: waiting for the opponent until expiresAt. */
  started: z.boolean(),
  expiresAt: z.optional(epochMs),
});

export const marketplacePurchaseInfoEvent = z.discriminatedUnion('success', [
  z.object({ success: z.literal(true), message, characterId, purchaseId: entityId, ...paymentTermsFields }),
  z.object({ success: z.literal(false), message, code: z.optional(errorCode) }),
]);

export const marketplacePurchaseResultEvent = z.object({
  ...resultFields,
  characterId: z.optional(characterId),
  /** The purchase and the signature this answer is for. */
  purchaseId: z.optional(entityId),
  signature: z.optional(transactionSignature),
  characterOwnershipUpdated: z.boolean(),
  transactionSignature: z.nullish(transactionSignature),
  /** true when the transaction is not visible yet (the message says "not found"). */
  retryable: z.optional(z.boolean()),
});

const clientEventName = z.enum(CLIENT_EVENT_NAMES);

/** Anything refused; `event` names the client event it answers when there is one. */
export const errorEvent = z.object({
  message,
  code: z.optional(errorCode),
  event: z.optional(clientEventName),
});

/** Event name -> schema of its payload, for a client that validates what it receives. */
export const serverEventSchemas = {
  gameStats: gameStatsEvent,
  serverTime: serverTimeEvent,
  roundStart: roundStartEvent,
  roundEnd: roundEndEvent,
  actionConfirmed: actionConfirmedEvent,
  gameState: gameStateEvent,
  opponentStatus: opponentStatusEvent,
  opponentLocked: opponentLockedEvent,
  activeGameCheck: activeGameCheckEvent,
  activeGameResult: activeGameResultEvent,
  betInfo: betInfoEvent,
  paymentVerified: paymentVerifiedEvent,
  claimRewardResult: claimRewardResultEvent,
  cancelGameResult: cancelGameResultEvent,
  joinViaInviteResult: joinViaInviteResultEvent,
  inviteInfo: inviteInfoEvent,
  playWithBotResult: playWithBotResultEvent,
  rematchOffered: rematchOfferedEvent,
  rematchResult: rematchResultEvent,
  marketplacePurchaseInfo: marketplacePurchaseInfoEvent,
  marketplacePurchaseResult: marketplacePurchaseResultEvent,
  /** A tournament duel is called; join it with joinViaInvite before its deadline. */
  tournamentMatch: tournamentMatchNotice,
  spectators: spectatorsEvent,
  error: errorEvent,
} as const;

export type ServerEventName = keyof typeof serverEventSchemas;
export const SERVER_EVENT_NAMES = Object.keys(serverEventSchemas) as [ServerEventName, ...ServerEventName[]];
/** An event as a client reads it, once parsed (defaults and derived fields filled in). */
export type ServerEventPayload<E extends ServerEventName> = z.output<(typeof serverEventSchemas)[E]>;
/** An event as the server sends it: gameState and roundEnd leave out what parsing puts back (docs/game-events.md). */
export type ServerEventWire<E extends ServerEventName> = z.input<(typeof serverEventSchemas)[E]>;
