import { ACTIONS, STAKE_LABELS, isStakeEnabled } from '@duel-dojo/rules';
import { z } from 'zod/mini';
import { ERROR_MESSAGES } from './error-messages';
import { clientSeed } from './fairness';
import { characterId, entityId, lamportsString, transactionSignature, walletAddress } from './primitives';

// The payload of every event a client sends. Identity comes from the handshake's auth.token; a walletAddress in a payload must be
// the token's wallet (the server checks). Events without a payload use noPayload.

/** The wire word of each move; "hide" is shown as "Heal" (rules' ACTION_LABELS). */
export const action = z.enum(ACTIONS, { error: 'Must be attack, dodge or hide' });

/** A stake tier by its label ("Free!", "5$", "10$"); only the enabled tiers can be chosen. */
export const stakeLabel = z
  .enum(STAKE_LABELS, { error: ERROR_MESSAGES.STAKE_NOT_AVAILABLE })
  .check(z.refine(isStakeEnabled, { error: ERROR_MESSAGES.STAKE_NOT_AVAILABLE }));

/** No payload: emitted as socket.emit('requestStats'); an empty object is accepted too. */
export const noPayload = z.optional(z.object({}));

/** clientTime is the client's Date.now(), echoed back in serverTime. */
export const getServerTimePayload = z.object({ clientTime: z.number().check(z.nonnegative()) });

/**
 * A guest's rejoin key: the secret the server gives only to the guest in a seat (gameState
 * `rejoinKey`), so a guest, who has no token, can take that seat back from a new connection.
 * base64url of at least 16 random bytes (the server mints 32).
 */
export const rejoinKey = z
  .string()
  .check(
    z.minLength(22, { error: 'Must be a rejoin key' }),
    z.maxLength(86, { error: 'Must be a rejoin key' }),
    z.regex(/^[A-Za-z0-9_-]+$/, { error: 'Must be a rejoin key' }),
  );

/**
 * checkActiveGame and checkActiveGames. A signed-in player names its wallet (it must be the
 * token's); a guest sends the rejoinKey of its seat instead. Both may be left out: the seat this
 * socket already holds is found without either.
 */
export const activeGameCheckPayload = z.object({
  walletAddress: z._default(z.nullable(walletAddress), null),
  rejoinKey: z._default(z.nullable(rejoinKey), null),
});

/** A verified stake of a paid game; all three are absent (or false/null) in a free game. */
const paymentFields = {
  verified: z._default(z.boolean(), false),
  paymentId: z.nullish(entityId),
  signature: z.nullish(transactionSignature),
};

export const joinGamePayload = z.object({
  /** The chosen character's id (free 1–9, or one the player bought). */
  selectedCharacter: characterId,
  betAmount: stakeLabel,
  /** null for a guest, who may only play free games. */
  walletAddress: z._default(z.nullable(walletAddress), null),
  ...paymentFields,
});

export const requestBetInfoPayload = z.object({ betAmount: stakeLabel });

export const verifyPaymentPayload = z.object({
  paymentId: entityId,
  /** Omitted when a phone wallet paid the request's QR code: the server finds it by its reference. */
  signature: z.optional(transactionSignature),
});

export const playerActionPayload = z.object({
  action,
  prediction: action,
  /** Optional: the round the move is for; a move for another round is refused. */
  round: z.optional(z.int().check(z.positive())),
});

/** claimReward and cancelGame. */
export const sessionWalletPayload = z.object({
  sessionId: entityId,
  walletAddress,
});

export const joinViaInvitePayload = z.object({
  inviteCode: entityId,
  selectedCharacter: characterId,
  walletAddress: z._default(z.nullable(walletAddress), null),
  ...paymentFields,
});

/**
 * This player's own seed for the game's hits (docs/fairness.md): once per player, after the
 * commitment came, before round 1.
 */
export const submitClientSeedPayload = z.object({ sessionId: entityId, clientSeed });

/** Before Join: who waits behind an invite and for what stake. Takes no seat and moves no money. */
export const lookupInvitePayload = z.object({ inviteCode: entityId });

export const playWithBotPayload = z.object({ sessionId: entityId });

/** resign and claimVictory: the player's own running game (docs/leaving-a-game.md). */
export const sessionPayload = z.object({ sessionId: entityId });

/**
 * After game over, a new game with the same opponent and stake (docs/rematch.md). `sessionId` is
 * the game just played; the character may change (default: the one just played); a staked
 * rematch carries this player's new verified stake, like joinGame.
 */
export const requestRematchPayload = z.object({
  sessionId: entityId,
  selectedCharacter: z._default(z.nullable(characterId), null),
  walletAddress: z._default(z.nullable(walletAddress), null),
  ...paymentFields,
});

export const requestMarketplacePurchasePayload = z.object({
  characterId,
  /** The catalog price the player saw, in lamports; the server refuses a stale one. */
  price: lamportsString,
  currency: z.literal('SOL'),
  walletAddress,
});

export const verifyMarketplacePurchasePayload = z.object({
  purchaseId: entityId,
  /** Omitted when a phone wallet paid the purchase's QR code: the server finds it by its reference. */
  signature: z.optional(transactionSignature),
  characterId,
});

/** Event name -> schema of its payload, so the server validates every incoming event generically. */
export const clientEventSchemas = {
  requestStats: noPayload,
  getServerTime: getServerTimePayload,
  checkActiveGame: activeGameCheckPayload,
  checkActiveGames: activeGameCheckPayload,
  joinGame: joinGamePayload,
  requestBetInfo: requestBetInfoPayload,
  verifyPayment: verifyPaymentPayload,
  playerAction: playerActionPayload,
  claimReward: sessionWalletPayload,
  cancelGame: sessionWalletPayload,
  joinViaInvite: joinViaInvitePayload,
  lookupInvite: lookupInvitePayload,
  playWithBot: playWithBotPayload,
  resetGame: noPayload,
  resign: sessionPayload,
  claimVictory: sessionPayload,
  watchGame: sessionPayload,
  unwatchGame: sessionPayload,
  requestRematch: requestRematchPayload,
  submitClientSeed: submitClientSeedPayload,
  requestMarketplacePurchase: requestMarketplacePurchasePayload,
  verifyMarketplacePurchase: verifyMarketplacePurchasePayload,
} as const;

export type ClientEventName = keyof typeof clientEventSchemas;
export const CLIENT_EVENT_NAMES = Object.keys(clientEventSchemas) as [ClientEventName, ...ClientEventName[]];
/** What a client sends for an event. */
export type ClientEventPayload<E extends ClientEventName> = z.input<(typeof clientEventSchemas)[E]>;
/** What the server works with after parsing (defaults filled in). */
export type ParsedClientEvent<E extends ClientEventName> = z.output<(typeof clientEventSchemas)[E]>;

export function isClientEventName(name: unknown): name is ClientEventName {
  return typeof name === 'string' && Object.hasOwn(clientEventSchemas, name);
}
