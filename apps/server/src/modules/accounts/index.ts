// The accounts module: wallet sign-in with signed messages, sessions, profiles and referrals.
import { randomBytes, randomUUID } from 'node:crypto';
import type { PublicOrigins } from '../../config-origins';
import type { AccountsStore, SessionRevocationListener } from './ports';
import { createProfileService } from './profile-service';
import { createSessionService } from './session-service';
import { createSignInService } from './sign-in-service';
import { createTokenCodec } from './tokens';

export * from './ports';
export { SIGN_IN_MESSAGE_TTL_MS } from './sign-in-service';
export type { IssuedMessage, SignInService, SignUpRequest, SignedRequest } from './sign-in-service';
export type { Authenticated, SessionService } from './session-service';
export type { ProfileService } from './profile-service';
export { TOKEN_LIFETIME_MS } from './tokens';
export { buildSignInMessage, parseSignInMessage, type SignInFields } from './sign-in-message';
export { profileView, sessionUserView } from './user-views';

export interface AccountsDeps {
  store: AccountsStore;
  jwtSecret: string;
  /** PUBLIC_ORIGIN's list, the canonical origin first. */
  publicOrigins: PublicOrigins;
  chainId: string;
  now?: () => Date;
  randomBytes?: (size: number) => Uint8Array;
  /** Told of every revoked session (logout); absent: nobody is told. */
  revocations?: SessionRevocationListener;
}

export function createAccounts(deps: AccountsDeps) {
  const now = deps.now ?? (() => new Date());
  const random = deps.randomBytes ?? ((size: number) => new Uint8Array(randomBytes(size)));
  const sessions = createSessionService({ store: deps.store, tokens: createTokenCodec(deps.jwtSecret), now, newId: randomUUID, ...(deps.revocations ? { revocations: deps.revocations } : {}) });
  const signIn = createSignInService({ store: deps.store, sessions, now, randomBytes: random, publicOrigins: deps.publicOrigins, chainId: deps.chainId });
  return { signIn, sessions, profiles: createProfileService(deps.store) };
}

export type Accounts = ReturnType<typeof createAccounts>;
