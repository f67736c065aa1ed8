// Authentication: which message a failure shows. A step that fails throws AuthFailure
// with its text; anything unforeseen becomes "Failed to complete authentication".
import { loadProtocol } from '../../net/protocol';

export class AuthFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AuthFailure';
  }
}

export type AuthMessageCode =
  | 'AUTH_MESSAGE_FAILED'
  | 'SIGNUP_FAILED'
  | 'INVALID_REFERRAL_CODE'
  | 'REFERRAL_CHECK_FAILED'
  | 'AUTH_FAILED'
  | 'WALLET_CANNOT_SIGN'
  | 'NO_WALLET_SIGNATURE';

/** The catalogue text of a code (packages/protocol ERROR_MESSAGES). */
export async function authMessage(code: AuthMessageCode): Promise<string> {
  const { ERROR_MESSAGES } = await loadProtocol();
  return ERROR_MESSAGES[code];
}

/** "Failed to sign message: {reason}". */
export async function signFailedMessage(reason: string): Promise<string> {
  const { errorMessage } = await loadProtocol();
  return errorMessage('AUTH_SIGN_FAILED', { reason });
}

export async function failure(code: AuthMessageCode): Promise<AuthFailure> {
  return new AuthFailure(await authMessage(code));
}

/** The text to show for anything a flow threw. */
export async function describeAuthError(error: unknown): Promise<string> {
  if (error instanceof AuthFailure) return error.message;
  return authMessage('AUTH_FAILED');
}
