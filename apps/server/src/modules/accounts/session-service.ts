import { AppError } from '../../errors';
import type { AccountsStore, SessionRevocationListener, UserRecord } from './ports';
import { TOKEN_LIFETIME_MS, type TokenCodec } from './tokens';


export interface NewSession {
  id: string;
  createdAt: Date;
  expiresAt: Date;
}

export interface SessionDeps {
  store: AccountsStore;
  tokens: TokenCodec;
  now: () => Date;
  newId: () => string;
  revocations?: SessionRevocationListener;
}

/** What sign-in needs from sessions: a fresh session and its bearer token. */
export interface SessionIssuer {
  newSession(now: Date): NewSession;
  tokenFor(user: UserRecord, session: NewSession): Promise<string>;
}

export interface Authenticated {
  user: UserRecord;
  sessionId: string;
  issuedAt: Date;
  expiresAt: Date;
}

export function createSessionService(deps: SessionDeps) {
  const issuer: SessionIssuer = {
    newSession(now) {
      return { id: deps.newId(), createdAt: now, expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS) };
    },
    tokenFor(user, session) {
      return deps.tokens.sign({ sessionId: session.id, userId: user.id, walletAddress: user.walletAddress, issuedAt: session.createdAt, expiresAt: session.expiresAt });
    },
  };

  /** The user behind a bearer token; INVALID_TOKEN for a forged, expired, revoked or orphaned one. */
  async function authenticate(token: string): Promise<Authenticated> {
    const now = deps.now();
    const claims = await deps.tokens.read(token, now);
    if (!claims) throw new AppError('INVALID_TOKEN');
    const session = await deps.store.findSession(claims.sessionId);
    if (!session || session.revokedAt || session.userId !== claims.userId || session.expiresAt.getTime() <= now.getTime()) {
      throw new AppError('INVALID_TOKEN');
    }
    const user = await deps.store.findUserById(claims.userId);
    if (!user || user.walletAddress !== claims.walletAddress) throw new AppError('INVALID_TOKEN');
    return { user, sessionId: session.id, issuedAt: claims.issuedAt, expiresAt: claims.expiresAt };
  }

  return {
    ...issuer,
    authenticate,

    /**
     * Whether a session a connection authenticated with earlier still holds: not revoked, not
     * expired, still the user's. Sockets ask before every money event (docs/security.md 21).
     */
    async isLive(sessionId: string, userId: string): Promise<boolean> {
      const session = await deps.store.findSession(sessionId);
      return session !== null && session.revokedAt === null && session.userId === userId && session.expiresAt.getTime() > deps.now().getTime();
    },

    /** validate-token: the user, and a fresh token once the old one is past half its life. */
    async validateToken(token: string): Promise<{ user: UserRecord; token?: string }> {
      const auth = await authenticate(token);
      const now = deps.now();
      await deps.store.touchUser(auth.user.id, now);
      const lived = now.getTime() - auth.issuedAt.getTime();
      if (lived < (auth.expiresAt.getTime() - auth.issuedAt.getTime()) / 2) return { user: auth.user };
      const session = issuer.newSession(now);
      await deps.store.insertSession({ id: session.id, userId: auth.user.id, createdAt: now, expiresAt: session.expiresAt, revokedAt: null });
      return { user: auth.user, token: await issuer.tokenFor(auth.user, session) };
    },

    async logout(token: string): Promise<void> {
      const auth = await authenticate(token);
      await deps.store.revokeSession(auth.sessionId, deps.now());
      deps.revocations?.sessionRevoked(auth.sessionId);
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
