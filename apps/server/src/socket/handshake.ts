// Identity comes only from the handshake (docs/security.md 21-22): `auth.token` is the bearer token
// of sign-in. A valid token makes the socket that player; no token makes it a guest (free
// games only, kept in no profile); a bad, expired or revoked token refuses the connection. The
// token's session is kept on the socket: a later logout closes it, and money events re-check it
// (adapters/realtime/session-closer.ts, session-guard.ts).
import { ERROR_MESSAGES, authToken } from '@duel-dojo/protocol';
import { defaultDisplayName } from '@duel-dojo/rules';
import type { ExtendedError } from 'socket.io';
import { isRefusal } from '../errors';
import type { PlayerIdentity } from '../modules/duels';
import type { GameSocket } from './game-socket';
import { SOCKET_DELIVERY } from './refusals';

/** What the handshake needs from accounts: accounts.sessions. */
export interface TokenAuthenticator {
  authenticate(token: string): Promise<{ user: { id: string; walletAddress: string; username: string; displayName: string | null }; sessionId: string }>;
}

export const guestIdentity = (socketId: string): PlayerIdentity => ({ key: `guest:${socketId}`, userId: null, wallet: null, name: null });

function refused(message: string, code: string): ExtendedError {
  const error: ExtendedError = new Error(message);
  error.data = { code };
  return error;
}

export function handshake(sessions: TokenAuthenticator, report: (error: unknown, message: string) => void) {
  return async (socket: GameSocket, next: (error?: ExtendedError) => void): Promise<void> => {
    const auth: unknown = socket.handshake.auth;
    const token = typeof auth === 'object' && auth !== null ? (auth as { token?: unknown }).token : undefined;
    if (token === undefined || token === null || token === '') {
      socket.data.identity = guestIdentity(socket.id);
      socket.data.sessionId = null;
      next();
      return;
    }
    const parsed = authToken.safeParse(token);
    if (!parsed.success) {
      next(refused(ERROR_MESSAGES.INVALID_TOKEN, 'INVALID_TOKEN'));
      return;
    }
    try {
      const { user, sessionId } = await sessions.authenticate(parsed.data);
      socket.data.identity = {
        key: `wallet:${user.walletAddress}`,
        userId: user.id,
        wallet: user.walletAddress,
        name: user.displayName ?? defaultDisplayName(user.walletAddress),
      };
      socket.data.sessionId = sessionId;
      next();
    } catch (error) {
      if (isRefusal(error) && SOCKET_DELIVERY[error.code] === 'session') {
        next(refused(error.shown, error.code));
        return;
      }
      report(error, 'socket handshake failed');
      next(refused(ERROR_MESSAGES.INTERNAL, 'INTERNAL'));
    }
  };
}
