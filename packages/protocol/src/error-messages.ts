import { USERNAME_MESSAGES } from '@duel-dojo/rules';
import { FIELD_MESSAGES } from './field-messages';

// The catalogue has no zod and sits apart from the schemas (errors.ts) so that a page that shows
// a message does not download zod before its first paint (bench/README.md "Web app").
// Every message the product shows for a failure, under a stable code. The product's texts are
// kept word for word; the rest are the server's own refusals. A `{name}`
// in a text is filled by errorMessage(). Wire bodies carry the code so a client can branch on it
// and the message so it can show it. This is the one set of codes: the server refuses with
// these (apps/server/src/errors.ts) and maps each to an HTTP status and a socket answer in one
// table per transport (docs/architecture.md "Errors").

export const ERROR_MESSAGES = {
  // Authentication ("Username")
  AUTH_MESSAGE_FAILED: 'Failed to generate authentication message',
  AUTH_SIGN_FAILED: 'Failed to sign message: {reason}',
  SIGNUP_FAILED: 'Sign up failed',
  INVALID_REFERRAL_CODE: FIELD_MESSAGES.INVALID_REFERRAL_CODE,
  REFERRAL_CHECK_FAILED: 'Failed to validate referral code',
  AUTH_FAILED: 'Failed to complete authentication',
  WALLET_CANNOT_SIGN: 'Wallet does not support message signing',
  NO_WALLET_SIGNATURE: 'No signature received from wallet',
  USERNAME_REQUIRED: USERNAME_MESSAGES.required,
  USERNAME_TOO_SHORT: USERNAME_MESSAGES.tooShort,
  USERNAME_TOO_LONG: USERNAME_MESSAGES.tooLong,
  USERNAME_INVALID_CHARACTERS: USERNAME_MESSAGES.invalidCharacters,
  // Authentication, server side (docs/security.md 18-21)
  USERNAME_TAKEN: 'Username is already taken',
  WALLET_ALREADY_REGISTERED: 'This wallet already has an account',
  USER_NOT_FOUND: 'User not found',
  INVALID_SIGNATURE: FIELD_MESSAGES.INVALID_SIGNATURE,
  INVALID_SIGN_IN_MESSAGE: 'Invalid sign-in message',
  INVALID_NONCE: 'Sign-in request expired or already used. Please try again.',
  ORIGIN_NOT_ALLOWED: 'Sign-in is not allowed from {origin}. Open the game at its own address (the server lists its addresses in PUBLIC_ORIGIN).',
  UNAUTHORIZED: 'Authentication required',
  INVALID_TOKEN: 'Invalid or expired token',
  WALLET_MISMATCH: 'Wallet address does not match the signed-in wallet',
  // Claim
  CLAIM_CONNECTION_ERROR: 'Connection error. Please try again.',
  CLAIM_ERROR: 'Error claiming reward. Please try again.',
  CLAIM_FAILED: 'Failed to claim reward',
  CANCEL_FAILED: 'Failed to cancel game',
  NO_ACTIVE_GAME: 'No active game session found',
  WALLET_NOT_CONNECTED: 'Wallet not connected',
  // Claim and cancel, server side (docs/security.md 12-17)
  NOT_THE_WINNER: 'Only the winner of this game can claim its reward',
  GAME_NOT_OVER: 'The game is not over yet',
  NO_REWARD: 'This game has no reward to claim',
  GAME_NOT_CANCELLABLE: 'Only a game still waiting for an opponent can be cancelled',
  PAYOUT_PENDING: 'The transfer is pending. Please try again in a moment.',
  CHAIN_UNAVAILABLE: 'The Solana network is not answering right now. Please try again in a moment.',
  // History, leaderboard, profile
  LEADERBOARD_ERROR: 'Error loading leaderboard: {message}',
  LEADERBOARD_DATA_FAILED: 'Failed to fetch leaderboard data',
  LEADERBOARD_FAILED: 'Failed to fetch leaderboard',
  // Marketplace
  REQUEST_TIMEOUT: 'Request timeout',
  PURCHASE_INFO_FAILED: 'Failed to get purchase information',
  PURCHASE_FAILED: 'Purchase failed: {message}',
  VERIFICATION_TIMEOUT: 'Verification timeout',
  PURCHASE_VERIFICATION_FAILED: 'Purchase verification failed',
  PURCHASE_VERIFICATION_FAILED_WITH: 'Purchase verification failed: {message}',
  CONNECTION_ERROR_REFRESH: 'Connection error. Please refresh the page.',
  // Marketplace, server side
  SOLD_OUT: 'This character is sold out',
  ALREADY_OWNED: 'You already own this character',
  PRICE_MISMATCH: 'The price of this character has changed',
  NOT_FOR_SALE: 'This character is not for sale',
  // Game
  CONNECTION_NOT_READY: 'Wallet or connection not ready!',
  PAYMENT_VERIFICATION_FAILED: 'Payment verification failed: {message}',
  VERIFICATION_MAY_HAVE_SUCCEEDED: 'The transaction may have succeeded, but verification timed out.',
  NO_SIGNATURE_TO_RETRY: 'No transaction signature available to retry',
  ADD_BOT_FAILED: 'Failed to add bot to game',
  JOIN_GAME_FAILED: 'Failed to join game: {message}',
  // Game and payments, server side (docs/security.md 1-11, 22-25). The client opens
  // its retry popup when a message contains "not found": PAYMENT_NOT_FOUND keeps those words.
  PAYMENT_NOT_FOUND: 'Transaction not found yet. It may still be confirming; please retry verification.',
  PAYMENT_INVALID: 'The transaction does not pay this request',
  PAYMENT_ALREADY_USED: 'This transaction was already used for another payment',
  PAYMENT_EXPIRED: 'This payment request has expired',
  PAYMENT_REQUIRED: 'A verified payment is required for this stake',
  STAKE_NOT_AVAILABLE: 'This stake is not available',
  SIGN_IN_REQUIRED_FOR_PAID: 'Sign in to play paid games',
  ALREADY_IN_GAME: 'You already have an active game',
  CHARACTER_NOT_OWNED: 'You do not own this character',
  UNKNOWN_CHARACTER: FIELD_MESSAGES.UNKNOWN_CHARACTER,
  INVITE_NOT_FOUND: 'Invite not found or no longer open',
  CANNOT_JOIN_OWN_GAME: 'You cannot join your own game',
  ROUND_CLOSED: 'The round is closed',
  ACTION_ALREADY_SENT: 'Your action for this round is already locked',
  GAME_NOT_RUNNING: 'This game is not running',
  CLIENT_SEED_ALREADY_SENT: 'Your seed for this game is already set',
  CLIENT_SEED_TOO_LATE: 'Seeds are taken only before round 1',
  REMATCH_NOT_AVAILABLE: 'A rematch is not available for this game',
  REMATCH_EXPIRED: 'The time to ask for a rematch is over',
  SIGN_IN_REQUIRED_FOR_REMATCH: 'Sign in to ask for a rematch',
  OPPONENT_CONNECTED: 'Your opponent is connected: the game goes on',
  OPPONENT_NOT_AWAY_LONG_ENOUGH: 'Your opponent has been away for less than {seconds} seconds',
  PAID_GAMES_UNAVAILABLE: 'Paid games are not available yet',
  SPECTATORS_FULL: 'This duel has as many spectators as it can take',
  INVALID_WALLET_ADDRESS: FIELD_MESSAGES.INVALID_WALLET_ADDRESS,
  INVALID_TRANSACTION_SIGNATURE: FIELD_MESSAGES.INVALID_TRANSACTION_SIGNATURE,
  // Tournaments
  TOURNAMENT_REQUIRED_FIELDS: 'Please fill in all required fields',
  TOURNAMENT_START_DATE_REQUIRED: 'Please select a start date',
  TOURNAMENT_CONNECT_TO_CREATE: 'Please connect your wallet to create a tournament.',
  TOURNAMENT_CONNECT_TO_JOIN: 'Please connect your wallet to join tournaments',
  TOURNAMENT_LOGIN_REQUIRED: 'You need to be logged in to join tournaments. Please connect your wallet and authenticate.',
  TOURNAMENT_ALREADY_REGISTERED_CLIENT: 'You are already registered for this tournament!',
  TOURNAMENT_FULL_CLIENT: 'This tournament is full!',
  TOURNAMENT_NETWORK_ERROR: 'Network error: Unable to connect to the server. Please check your internet connection and try again.',
  TOURNAMENT_ALREADY_REGISTERED: 'You are already registered for this tournament.',
  TOURNAMENT_FULL: 'This tournament is full.',
  TOURNAMENT_CLOSED: 'Registration for this tournament is closed.',
  TOURNAMENT_AUTH_ERROR: 'Authentication error: Please reconnect your wallet and try again.',
  TOURNAMENT_JOIN_RETRY: 'Failed to join tournament. Please try again.',
  TOURNAMENT_JOIN_FAILED: 'Failed to join tournament',
  TOURNAMENT_CREATE_FAILED: 'Failed to create tournament',
  TOURNAMENT_LOAD_FAILED: 'Failed to load tournament',
  TOURNAMENT_NOT_FOUND: 'Tournament Not Found',
  // A called match is fought by its two players: an absent one loses by forfeit, never to the bot.
  TOURNAMENT_MATCH_NO_BOT: "A tournament match is fought by its two players: the bot cannot take your opponent's place",
  TOURNAMENT_MATCH_NO_CANCEL: 'A tournament match cannot be cancelled: if your opponent is not here by the deadline, you go through',
  // Paid tournaments (apps/server/README.md "Paid tournaments")
  ENTRY_FEE_INVALID: 'Entry fee must be Free or an amount of SOL, such as 0.05 SOL',
  ENTRY_FEE_RANGE: 'Entry fee must be from 0.01 to 100 SOL',
  PAID_TOURNAMENT_PRIZES: 'A paid tournament pays its prizes from the entry fees: leave the prizes empty',
  ENTRY_FEE_REQUIRED: 'This tournament has an entry fee: pay it to join',
  TOURNAMENT_IS_FREE: 'This tournament is free: join it without a payment',
  PAYMENT_REFUNDING: 'The payment is being refunded to your wallet.',
  PAID_TOURNAMENTS_UNAVAILABLE: 'Paid tournaments are not available on this server',
  API_REQUEST_FAILED: 'API request failed',
  // Server side, rarely seen: a transfer the money state does not allow (the ledger's own
  // refusal; the player is answered in the words of the call that asked) and a sign-up that
  // could not draw a free referral code.
  TRANSFER_NOT_DUE: 'This transfer is not due',
  REFERRAL_CODE_UNAVAILABLE: 'Could not allocate a referral code, please try again',
  // Any call
  VALIDATION_FAILED: 'Invalid request',
  NOT_FOUND: 'Not found',
  FORBIDDEN: 'Not allowed',
  RATE_LIMITED: 'Too many requests, please try again later.',
  PAYLOAD_TOO_LARGE: 'Request body is too large',
  INTERNAL: 'Internal server error',
} as const;

export type ErrorCode = keyof typeof ERROR_MESSAGES;
export const ERROR_CODES = Object.keys(ERROR_MESSAGES) as [ErrorCode, ...ErrorCode[]];

/** The names between braces in a message template: 'a {x} b {y}' -> 'x' | 'y'. */
type Placeholders<Text extends string> = Text extends `${string}{${infer Name}}${infer Rest}`
  ? Name | Placeholders<Rest>
  : never;

export type ErrorParams<Code extends ErrorCode> = Record<Placeholders<(typeof ERROR_MESSAGES)[Code]>, string>;

/** What a code's message takes after the code: nothing, or the values of its placeholders. */
export type ErrorMessageArgs<Code extends ErrorCode> = [Placeholders<(typeof ERROR_MESSAGES)[Code]>] extends [never] ? [] : [ErrorParams<Code>];

/** The message of a code with its placeholders filled: errorMessage('PURCHASE_FAILED', { message: 'x' }). */
export function errorMessage<Code extends ErrorCode>(code: Code, ...params: ErrorMessageArgs<Code>): string {
  const values: Readonly<Record<string, string>> = params[0] ?? {};
  return ERROR_MESSAGES[code].replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

/**
 * Tournaments: a join failure is shown by matching the server's text;
 * `reachedServer` false is a fetch that failed before any answer.
 */
export function tournamentJoinErrorText(serverMessage: string | null | undefined, reachedServer = true): string {
  if (!reachedServer) return ERROR_MESSAGES.TOURNAMENT_NETWORK_ERROR;
  const text = serverMessage ?? '';
  if (text.includes('already registered')) return ERROR_MESSAGES.TOURNAMENT_ALREADY_REGISTERED;
  if (text.includes('full')) return ERROR_MESSAGES.TOURNAMENT_FULL;
  if (text.includes('closed')) return ERROR_MESSAGES.TOURNAMENT_CLOSED;
  if (text.includes('User not found')) return ERROR_MESSAGES.TOURNAMENT_AUTH_ERROR;
  return text === '' ? ERROR_MESSAGES.TOURNAMENT_JOIN_RETRY : text;
}
