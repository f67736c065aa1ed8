import { normalizeReferralCode, referralCodeFromBytes, validateUsername } from '@duel-dojo/rules';
import { getBase58Decoder } from '@solana/kit';
import type { PublicOrigins } from '../../config-origins';
import { AppError } from '../../errors';
import { type AccountsStore, type UserRecord, UniqueViolation } from './ports';
import { SIGN_IN_STATEMENT, SIGN_IN_VERSION, type SignInFields, buildSignInMessage, parseSignInMessage } from './sign-in-message';
import { namesListedOrigin, signInOrigin } from './sign-in-origin';
import type { SessionIssuer } from './session-service';
import { isWalletSignature } from './wallet-signature';

/** A sign-in message must be signed and sent back within five minutes. */
export const SIGN_IN_MESSAGE_TTL_MS = 5 * 60 * 1000;

// Error codes of packages/protocol, so the client can branch on the code and show the text.
const fail = {
  invalidNonce: () => new AppError('INVALID_NONCE'),
  tampered: () => new AppError('INVALID_SIGN_IN_MESSAGE'),
  badSignature: () => new AppError('INVALID_SIGNATURE'),
  userNotFound: () => new AppError('USER_NOT_FOUND'),
  alreadyRegistered: () => new AppError('WALLET_ALREADY_REGISTERED'),
  usernameTaken: () => new AppError('USERNAME_TAKEN'),
  invalidReferral: () => new AppError('INVALID_REFERRAL_CODE'),
};

export interface SignInDeps {
  store: AccountsStore;
  sessions: SessionIssuer;
  now: () => Date;
  randomBytes: (size: number) => Uint8Array;
  /** PUBLIC_ORIGIN's list: the requesting page's origin, if listed, is the message's URI and its host the domain. */
  publicOrigins: PublicOrigins;
  /** Chain ID written into the message: the cluster name. */
  chainId: string;
}

export interface SignedRequest {
  walletAddress: string;
  signature: Uint8Array;
  message: string;
  nonce: string;
}

export interface SignUpRequest extends SignedRequest {
  username: string;
  referralCode: string | null;
  walletType: string;
  source: string;
}

export interface IssuedMessage {
  message: string;
  nonce: string;
  /** The message's fields, from which a wallet offering solana:signIn writes the same message. */
  input: SignInFields;
}

export interface AuthResult {
  user: UserRecord;
  token: string;
}

const base58 = getBase58Decoder();

export function createSignInService(deps: SignInDeps) {
  /** Checks everything a signed message must satisfy, without consuming its nonce. */
  async function verifySigned(req: SignedRequest, now: Date): Promise<void> {
    const issued = await deps.store.findNonce(req.nonce);
    // A nonce issued to another wallet is as unknown as a made-up one.
    if (!issued || issued.walletAddress !== req.walletAddress) throw fail.invalidNonce();
    if (issued.consumedAt) throw fail.invalidNonce();
    if (issued.expiresAt.getTime() <= now.getTime()) throw fail.invalidNonce();
    if (req.message !== issued.message) throw fail.tampered();
    const fields = parseSignInMessage(issued.message);
    // PUBLIC_ORIGIN may have changed since the message was issued: only a listed origin signs in.
    if (!fields || !namesListedOrigin(fields, deps.publicOrigins) || fields.address !== req.walletAddress || fields.nonce !== req.nonce) {
      throw fail.tampered();
    }
    // The bytes the server stored are what must have been signed, not the client's copy.
    if (!isWalletSignature(req.walletAddress, new TextEncoder().encode(issued.message), req.signature)) {
      throw fail.badSignature();
    }
  }

  return {
    /** `requestOrigin`: the page's Origin header; an origin PUBLIC_ORIGIN does not list is refused before any nonce is stored. */
    async generateMessage(walletAddress: string, requestOrigin?: string): Promise<IssuedMessage> {
      const origin = signInOrigin(requestOrigin, deps.publicOrigins);
      const now = deps.now();
      const nonce = base58.decode(deps.randomBytes(16));
      const expiresAt = new Date(now.getTime() + SIGN_IN_MESSAGE_TTL_MS);
      const input: SignInFields = {
        domain: new URL(origin).host,
        address: walletAddress,
        statement: SIGN_IN_STATEMENT,
        uri: origin,
        version: SIGN_IN_VERSION,
        chainId: deps.chainId,
        nonce,
        issuedAt: now.toISOString(),
        expirationTime: expiresAt.toISOString(),
      };
      const message = buildSignInMessage(input);
      await deps.store.insertNonce({ nonce, walletAddress, message, issuedAt: now, expiresAt, consumedAt: null });
      return { message, nonce, input };
    },

    async signIn(req: SignedRequest): Promise<AuthResult> {
      const now = deps.now();
      const user = await deps.store.findUserByWallet(req.walletAddress);
      // USER_NOT_FOUND tells the client to open the signup modal; it grants nothing.
      if (!user) throw fail.userNotFound();
      await verifySigned(req, now);
      const session = deps.sessions.newSession(now);
      const consumed = await deps.store.signIn({ userId: user.id, nonce: req.nonce, sessionId: session.id, now, sessionExpiresAt: session.expiresAt });
      if (!consumed) throw fail.invalidNonce();
      return { user, token: await deps.sessions.tokenFor(user, session) };
    },

    async signUp(req: SignUpRequest): Promise<AuthResult> {
      const now = deps.now();
      const usernameError = validateUsername(req.username);
      if (usernameError) throw new AppError('VALIDATION_FAILED', { field: 'username' }, { shown: usernameError });
      const code = req.referralCode === null ? null : normalizeReferralCode(req.referralCode);
      const referrer = code ? await deps.store.findUserByReferralCode(code) : null;
      if (code && !referrer) throw fail.invalidReferral();
      if (await deps.store.findUserByWallet(req.walletAddress)) throw fail.alreadyRegistered();
      await verifySigned(req, now);

      // A referral code collision is rare; a fresh code settles it.
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const session = deps.sessions.newSession(now);
        try {
          const created = await deps.store.signUp({
            user: {
              walletAddress: req.walletAddress,
              username: req.username,
              displayName: req.username,
              referralCode: referralCodeFromBytes(deps.randomBytes(16)),
              referredBy: referrer?.id ?? null,
              walletType: req.walletType,
              source: req.source,
            },
            nonce: req.nonce,
            sessionId: session.id,
            now,
            sessionExpiresAt: session.expiresAt,
          });
          if (created === 'nonce-used') throw fail.invalidNonce();
          return { user: created, token: await deps.sessions.tokenFor(created, session) };
        } catch (error) {
          if (!(error instanceof UniqueViolation)) throw error;
          if (error.field === 'username') throw fail.usernameTaken();
          if (error.field === 'walletAddress') throw fail.alreadyRegistered();
        }
      }
      throw new AppError('REFERRAL_CODE_UNAVAILABLE');
    },
  };
}

export type SignInService = ReturnType<typeof createSignInService>;
