import { SignJWT, jwtVerify } from 'jose';

/** A token lives a week; past half its life validate-token hands out a fresh one. */
export const TOKEN_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
const ISSUER = 'duel-dojo';

export interface TokenClaims {
  readonly sessionId: string;
  readonly userId: string;
  readonly walletAddress: string;
  readonly issuedAt: Date;
  readonly expiresAt: Date;
}

export interface TokenCodec {
  sign(claims: TokenClaims): Promise<string>;
  /** The claims of a well-formed, correctly signed, unexpired token; null for anything else. */
  read(token: string, now: Date): Promise<TokenClaims | null>;
}

export function createTokenCodec(secret: string): TokenCodec {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(claims) {
      return new SignJWT({ wallet: claims.walletAddress })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuer(ISSUER)
        .setSubject(claims.userId)
        .setJti(claims.sessionId)
        .setIssuedAt(Math.floor(claims.issuedAt.getTime() / 1000))
        .setExpirationTime(Math.floor(claims.expiresAt.getTime() / 1000))
        .sign(key);
    },
    async read(token, now) {
      if (token.length > 2048) return null;
      try {
        const { payload } = await jwtVerify(token, key, { issuer: ISSUER, algorithms: ['HS256'], currentDate: now });
        if (typeof payload.sub !== 'string' || typeof payload.jti !== 'string' || typeof payload.wallet !== 'string') return null;
        if (typeof payload.iat !== 'number' || typeof payload.exp !== 'number') return null;
        return {
          sessionId: payload.jti,
          userId: payload.sub,
          walletAddress: payload.wallet,
          issuedAt: new Date(payload.iat * 1000),
          expiresAt: new Date(payload.exp * 1000),
        };
      } catch {
        return null;
      }
    },
  };
}
