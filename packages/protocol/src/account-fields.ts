import { USERNAME_MESSAGES, isReferralCodeFormat, normalizeReferralCode, validateUsername } from '@duel-dojo/rules';
import { z } from 'zod/mini';
import { decodeBase58 } from './base58';
import { FIELD_MESSAGES } from './field-messages';
import { MAX_SIGN_IN_MESSAGE, MAX_TEXT, MAX_TOKEN } from './limits';
import { boundedText, requiredText } from './primitives';

// The fields of an account's calls (sign-up, sign-in, the session token): apart from the
// building blocks every answer uses (primitives.ts), so a page that only reads answers does not
// download the username and referral rules or the signature parser (bench/README.md "Web app").

/**
 * A username with the signup form's rules and messages, from rules' validateUsername: a missing one
 * is "Username is required", then the length and character rules, in the form's order.
 */
export const username = z
  .string({ error: USERNAME_MESSAGES.required })
  .check(z.maxLength(MAX_TEXT, { error: USERNAME_MESSAGES.tooLong, abort: true }), (ctx) => {
    const message = validateUsername(ctx.value);
    if (message !== null) ctx.issues.push({ code: 'custom', message, input: ctx.value });
  });

/** A referral code as typed: trimmed and upper-cased, then the issued format. */
export const referralCode = z
  .string({ error: FIELD_MESSAGES.INVALID_REFERRAL_CODE })
  .check(
    z.maxLength(MAX_TEXT, { error: FIELD_MESSAGES.INVALID_REFERRAL_CODE, abort: true }),
    z.trim(),
    z.toUpperCase(),
    z.refine(isReferralCodeFormat, { error: FIELD_MESSAGES.INVALID_REFERRAL_CODE }),
  );

/** The signup's optional code: null, absent or blank mean no code; otherwise a referralCode. */
export const optionalReferralCode = z
  .pipe(
    z.nullish(z.string({ error: FIELD_MESSAGES.INVALID_REFERRAL_CODE }).check(z.maxLength(MAX_TEXT, { error: FIELD_MESSAGES.INVALID_REFERRAL_CODE, abort: true }))),
    z.transform((value: string | null | undefined) => normalizeReferralCode(value)),
  )
  .check(z.refine((code) => code === null || isReferralCodeFormat(code), { error: FIELD_MESSAGES.INVALID_REFERRAL_CODE }));

/** The bearer token returned by signup and signin. */
export const authToken = boundedText(MAX_TOKEN).check(z.minLength(1, { error: 'Required' }));

/** The Sign In With Solana text the wallet signs. */
export const signInMessage = requiredText(MAX_SIGN_IN_MESSAGE);

const SIGNATURE_BYTES = 64;
const BYTE_LIST = /^\[?\s*(\d{1,3}\s*,\s*)*\d{1,3}\s*\]?$/;

/**
 * The 64 bytes an auth call's `signature` stands for, or null. The web app sends
 * the bytes as a string ("[12,34,...]" or "12,34,..."); base58 is accepted too.
 */
export function parseSignatureBytes(text: string): Uint8Array | null {
  const trimmed = text.trim();
  if (BYTE_LIST.test(trimmed)) {
    const values = trimmed.replace(/[[\]\s]/g, '').split(',').map(Number);
    if (values.length !== SIGNATURE_BYTES || values.some((value) => value > 255)) return null;
    return Uint8Array.from(values);
  }
  if (trimmed.length > 88) return null;
  const bytes = decodeBase58(trimmed);
  return bytes !== null && bytes.length === SIGNATURE_BYTES ? bytes : null;
}

/** The `signature` field of signup and signin, parsed to exactly 64 bytes. */
export const authSignature = z.pipe(
  boundedText(1000),
  z.transform((text: string, ctx) => {
    const bytes = parseSignatureBytes(text);
    if (bytes === null) {
      ctx.issues.push({ code: 'custom', message: FIELD_MESSAGES.INVALID_SIGNATURE, input: text });
      return z.NEVER;
    }
    return bytes;
  }),
);
