// The one place an error code becomes a socket answer (docs/architecture.md "Errors"), as
// http/error-status.ts is for HTTP. Every code is one of:
//   answer    the player is told: `error` {message, code, event}, or the failure fields
//             {success: false, message, code} of the asking event's result event
//             (claimRewardResult, marketplacePurchaseInfo, paymentVerified, cancelGameResult…);
//   session   the socket's session is gone: told as `error`, then the socket is closed; at the
//             handshake the connection itself is refused (connect_error, data.code);
//   internal  not the player's to read (the chain, the ledger's own bookkeeping, a fault):
//             logged, and answered as INTERNAL.
import { type ClientEventName, type ErrorCode, ERROR_MESSAGES } from '@duel-dojo/protocol';
import { type AppError, isRefusal } from '../errors';
import type { GameSocket } from './game-socket';

export type SocketDelivery = 'answer' | 'session' | 'internal';

// A new protocol code fails the typecheck here until it is given its delivery.
export const SOCKET_DELIVERY: Readonly<Record<ErrorCode, SocketDelivery>> = {
  // Authentication
  AUTH_MESSAGE_FAILED: 'answer',
  AUTH_SIGN_FAILED: 'answer',
  SIGNUP_FAILED: 'answer',
  INVALID_REFERRAL_CODE: 'answer',
  REFERRAL_CHECK_FAILED: 'answer',
  AUTH_FAILED: 'answer',
  WALLET_CANNOT_SIGN: 'answer',
  NO_WALLET_SIGNATURE: 'answer',
  USERNAME_REQUIRED: 'answer',
  USERNAME_TOO_SHORT: 'answer',
  USERNAME_TOO_LONG: 'answer',
  USERNAME_INVALID_CHARACTERS: 'answer',
  USERNAME_TAKEN: 'answer',
  WALLET_ALREADY_REGISTERED: 'answer',
  USER_NOT_FOUND: 'answer',
  INVALID_SIGNATURE: 'answer',
  INVALID_SIGN_IN_MESSAGE: 'answer',
  INVALID_NONCE: 'answer',
  ORIGIN_NOT_ALLOWED: 'answer',
  UNAUTHORIZED: 'answer',
  INVALID_TOKEN: 'session',
  WALLET_MISMATCH: 'answer',
  // Claim
  CLAIM_CONNECTION_ERROR: 'answer',
  CLAIM_ERROR: 'answer',
  CLAIM_FAILED: 'answer',
  CANCEL_FAILED: 'answer',
  NO_ACTIVE_GAME: 'answer',
  WALLET_NOT_CONNECTED: 'answer',
  NOT_THE_WINNER: 'answer',
  GAME_NOT_OVER: 'answer',
  NO_REWARD: 'answer',
  GAME_NOT_CANCELLABLE: 'answer',
  PAYOUT_PENDING: 'answer',
  CHAIN_UNAVAILABLE: 'internal',
  // History, leaderboard, profile
  LEADERBOARD_ERROR: 'answer',
  LEADERBOARD_DATA_FAILED: 'answer',
  LEADERBOARD_FAILED: 'answer',
  // Marketplace
  REQUEST_TIMEOUT: 'answer',
  PURCHASE_INFO_FAILED: 'answer',
  PURCHASE_FAILED: 'answer',
  VERIFICATION_TIMEOUT: 'answer',
  PURCHASE_VERIFICATION_FAILED: 'answer',
  PURCHASE_VERIFICATION_FAILED_WITH: 'answer',
  CONNECTION_ERROR_REFRESH: 'answer',
  SOLD_OUT: 'answer',
  ALREADY_OWNED: 'answer',
  PRICE_MISMATCH: 'answer',
  NOT_FOR_SALE: 'answer',
  // Game
  CONNECTION_NOT_READY: 'answer',
  PAYMENT_VERIFICATION_FAILED: 'answer',
  VERIFICATION_MAY_HAVE_SUCCEEDED: 'answer',
  NO_SIGNATURE_TO_RETRY: 'answer',
  ADD_BOT_FAILED: 'answer',
  JOIN_GAME_FAILED: 'answer',
  // Games and payments
  PAYMENT_NOT_FOUND: 'answer',
  PAYMENT_INVALID: 'answer',
  PAYMENT_ALREADY_USED: 'answer',
  PAYMENT_EXPIRED: 'answer',
  PAYMENT_REQUIRED: 'answer',
  STAKE_NOT_AVAILABLE: 'answer',
  SIGN_IN_REQUIRED_FOR_PAID: 'answer',
  ALREADY_IN_GAME: 'answer',
  CHARACTER_NOT_OWNED: 'answer',
  UNKNOWN_CHARACTER: 'answer',
  INVITE_NOT_FOUND: 'answer',
  CANNOT_JOIN_OWN_GAME: 'answer',
  ROUND_CLOSED: 'answer',
  ACTION_ALREADY_SENT: 'answer',
  GAME_NOT_RUNNING: 'answer',
  CLIENT_SEED_ALREADY_SENT: 'answer',
  CLIENT_SEED_TOO_LATE: 'answer',
  REMATCH_NOT_AVAILABLE: 'answer',
  REMATCH_EXPIRED: 'answer',
  SIGN_IN_REQUIRED_FOR_REMATCH: 'answer',
  OPPONENT_CONNECTED: 'answer',
  OPPONENT_NOT_AWAY_LONG_ENOUGH: 'answer',
  PAID_GAMES_UNAVAILABLE: 'answer',
  SPECTATORS_FULL: 'answer',
  INVALID_WALLET_ADDRESS: 'answer',
  INVALID_TRANSACTION_SIGNATURE: 'answer',
  // Tournaments
  TOURNAMENT_REQUIRED_FIELDS: 'answer',
  TOURNAMENT_START_DATE_REQUIRED: 'answer',
  TOURNAMENT_CONNECT_TO_CREATE: 'answer',
  TOURNAMENT_CONNECT_TO_JOIN: 'answer',
  TOURNAMENT_LOGIN_REQUIRED: 'answer',
  TOURNAMENT_ALREADY_REGISTERED_CLIENT: 'answer',
  TOURNAMENT_FULL_CLIENT: 'answer',
  TOURNAMENT_NETWORK_ERROR: 'answer',
  TOURNAMENT_ALREADY_REGISTERED: 'answer',
  TOURNAMENT_FULL: 'answer',
  TOURNAMENT_CLOSED: 'answer',
  TOURNAMENT_AUTH_ERROR: 'answer',
  TOURNAMENT_JOIN_RETRY: 'answer',
  TOURNAMENT_JOIN_FAILED: 'answer',
  TOURNAMENT_CREATE_FAILED: 'answer',
  TOURNAMENT_LOAD_FAILED: 'answer',
  TOURNAMENT_NOT_FOUND: 'answer',
  TOURNAMENT_MATCH_NO_BOT: 'answer',
  TOURNAMENT_MATCH_NO_CANCEL: 'answer',
  // Paid tournaments
  ENTRY_FEE_INVALID: 'answer',
  ENTRY_FEE_RANGE: 'answer',
  PAID_TOURNAMENT_PRIZES: 'answer',
  ENTRY_FEE_REQUIRED: 'answer',
  TOURNAMENT_IS_FREE: 'answer',
  PAYMENT_REFUNDING: 'answer',
  PAID_TOURNAMENTS_UNAVAILABLE: 'answer',
  API_REQUEST_FAILED: 'answer',
  // The ledger's own refusal and a sign-up without a free referral code
  TRANSFER_NOT_DUE: 'internal',
  REFERRAL_CODE_UNAVAILABLE: 'answer',
  // Any call
  VALIDATION_FAILED: 'answer',
  NOT_FOUND: 'answer',
  FORBIDDEN: 'answer',
  RATE_LIMITED: 'answer',
  PAYLOAD_TOO_LARGE: 'answer',
  INTERNAL: 'internal',
};

export interface SocketRefusal {
  readonly message: string;
  readonly code: ErrorCode;
}

/** The {message, code} a player is shown for `error`; null when it is not a refusal for the player (rethrow it). */
export function refusalOf(error: unknown): SocketRefusal | null {
  if (!isRefusal(error) || SOCKET_DELIVERY[error.code] === 'internal') return null;
  return { message: error.shown, code: error.code };
}

/** The refusal for an unexpected fault: logged by the caller, shown as the catalogue's generic text. */
export const INTERNAL_REFUSAL: SocketRefusal = { message: ERROR_MESSAGES.INTERNAL, code: 'INTERNAL' };

export function sendError(socket: GameSocket, event: ClientEventName, code: ErrorCode, message: string = ERROR_MESSAGES[code]): void {
  socket.emit('error', { message, code, event });
}

/**
 * Answers a refusal on `error` (naming the event refused; null: none, a refusal of the socket
 * itself), closing the socket when its session is gone.
 */
export function sendRefusal(socket: GameSocket, event: ClientEventName | null, error: AppError): void {
  const { code, message } = refusalOf(error) ?? INTERNAL_REFUSAL;
  if (event === null) socket.emit('error', { message, code });
  else sendError(socket, event, code, message);
  if (SOCKET_DELIVERY[error.code] === 'session') socket.disconnect(true);
}
