import { z } from 'zod/mini';
import { MAX_ID, MAX_MESSAGE, MAX_TEXT } from './limits';
import { authSignature, authToken, optionalReferralCode, referralCode, signInMessage, username } from './account-fields';
import { boundedText, characterId, count, entityId, level, requiredText, walletAddress } from './primitives';
import { achievements, userStats } from './user-stats';

// Authentication, with signin signed like signup.
// Every answer carries success: true; a failure is an ErrorBody (errors.ts).

/** The wallet's name as the Wallet Standard reports it ("Phantom", "Solflare", "Dev wallet"). */
export const walletType = requiredText(50);
/** The nonce of a sign-in message, as generate-message returned it. */
export const signInNonce = entityId;

/**
 * The Sign In With Solana fields of the issued message (Wallet Standard's SolanaSignInInput): a
 * wallet offering `solana:signIn` writes the message from them, byte for byte the one issued.
 */
export const signInInput = z.object({
  domain: boundedText(MAX_TEXT),
  address: walletAddress,
  statement: boundedText(MAX_MESSAGE),
  uri: boundedText(MAX_TEXT),
  version: boundedText(MAX_ID),
  chainId: boundedText(MAX_ID),
  nonce: signInNonce,
  issuedAt: boundedText(MAX_ID),
  expirationTime: boundedText(MAX_ID),
});
export type SignInInput = z.infer<typeof signInInput>;

/**
 * POST /api/auth/generate-message. The message names the requesting page's origin (its Origin
 * header) when PUBLIC_ORIGIN lists it; another origin is refused (ORIGIN_NOT_ALLOWED).
 */
export const generateMessageBody = z.object({ walletAddress });
export type GenerateMessageBody = z.input<typeof generateMessageBody>;
export const generateMessageAnswer = z.object({
  success: z.literal(true),
  message: signInMessage,
  nonce: signInNonce,
  input: signInInput,
});
export type GenerateMessageAnswer = z.infer<typeof generateMessageAnswer>;

/** What every signed auth call carries: the wallet, its signature over `message`, the nonce. */
const signedFields = {
  walletAddress,
  walletType,
  /** "[12,34,...]", "12,34,..." or base58; parsed to the 64 signature bytes. */
  signature: authSignature,
  message: signInMessage,
  nonce: signInNonce,
};

/** POST /api/auth/signup. The parsed referralCode is null or a trimmed, upper-cased code. */
export const signupBody = z.object({
  ...signedFields,
  referralCode: optionalReferralCode,
  username,
  /** Where the player came from; the web app always sends "organic". */
  source: z._default(boundedText(50).check(z.regex(/^[a-z0-9_-]+$/, { error: 'Must be lowercase letters, digits, _ and -' })), 'organic'),
});
export type SignupBody = z.input<typeof signupBody>;
export type ParsedSignupBody = z.output<typeof signupBody>;

/** POST /api/auth/signin (signed, like signup). */
export const signinBody = z.object(signedFields);
export type SigninBody = z.input<typeof signinBody>;
export type ParsedSigninBody = z.output<typeof signinBody>;

/** The user a sign-in answer carries. Answers do not re-check signup rules. */
export const sessionUser = z.object({
  _id: boundedText(MAX_ID),
  walletAddress,
  username: boundedText(MAX_TEXT),
  displayName: boundedText(MAX_TEXT),
  characterId,
  level,
  referralCode: boundedText(MAX_ID),
  stats: userStats,
  achievements,
});
export type SessionUser = z.infer<typeof sessionUser>;

/** The answer of signup and signin. */
export const authAnswer = z.object({
  success: z.literal(true),
  user: sessionUser,
  token: authToken,
});
export type AuthAnswer = z.infer<typeof authAnswer>;

/** POST /api/auth/validate-token */
export const validateTokenBody = z.object({ token: authToken });
export type ValidateTokenBody = z.input<typeof validateTokenBody>;
/** `token` is present when the server renewed it; the client then stores the new one. */
export const validateTokenAnswer = z.object({
  success: z.literal(true),
  user: sessionUser,
  token: z.optional(authToken),
});
export type ValidateTokenAnswer = z.infer<typeof validateTokenAnswer>;

/** POST /api/auth/logout (bearer token in the Authorization header, no body). */
export const logoutAnswer = z.object({
  success: z.literal(true),
  message: z.optional(boundedText(MAX_MESSAGE)),
});
export type LogoutAnswer = z.infer<typeof logoutAnswer>;

/** GET /api/referral/{code}: the code is trimmed and upper-cased like the signup field. */
export const referralParams = z.object({ code: referralCode });
export type ReferralParams = z.input<typeof referralParams>;
export const referrer = z.object({
  displayName: boundedText(MAX_TEXT),
  level,
  totalReferrals: count,
});
export type Referrer = z.infer<typeof referrer>;
export const referralAnswer = z.object({
  success: z.literal(true),
  referrer,
});
export type ReferralAnswer = z.infer<typeof referralAnswer>;
