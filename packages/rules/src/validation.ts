// Signup validation and referral codes. The messages are the product's exact words, shared
// by the signup form and the server so both reject a name the same way.

export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 20;

export const USERNAME_MESSAGES = {
  required: 'Username is required',
  tooShort: 'Username must be at least 3 characters long',
  tooLong: 'Username must not exceed 20 characters',
  invalidCharacters: 'Username can only contain letters, numbers, underscores, and hyphens',
} as const;

export type UsernameMessage = (typeof USERNAME_MESSAGES)[keyof typeof USERNAME_MESSAGES];

const USERNAME_CHARACTERS = /^[A-Za-z0-9_-]+$/;

/**
 * null when the name is acceptable, else the first failing rule's message, in the form's order.
 * The name is checked as given: surrounding spaces are not silently dropped, they fail the
 * character rule, so what is validated is what gets stored.
 */
export function validateUsername(value: string | null | undefined): UsernameMessage | null {
  if (value === null || value === undefined || value.trim() === '') return USERNAME_MESSAGES.required;
  // Code points, not UTF-16 units, so an emoji counts as one character in the length messages.
  const length = [...value].length;
  if (length < USERNAME_MIN_LENGTH) return USERNAME_MESSAGES.tooShort;
  if (length > USERNAME_MAX_LENGTH) return USERNAME_MESSAGES.tooLong;
  if (!USERNAME_CHARACTERS.test(value)) return USERNAME_MESSAGES.invalidCharacters;
  return null;
}

/** The optional referral code is trimmed and upper-cased; an empty one is no code. */
export function normalizeReferralCode(value: string | null | undefined): string | null {
  const code = (value ?? '').trim().toUpperCase();
  return code === '' ? null : code;
}

export const REFERRAL_CODE_LENGTH = 8;
/**
 * Without 0/O and 1/I, which people misread when copying a code. 32 symbols divide 256, so
 * `byte % 32` maps uniformly random bytes to uniformly random symbols (no modulo bias).
 */
export const REFERRAL_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A new referral code from REFERRAL_CODE_LENGTH random bytes supplied by the caller. */
export function referralCodeFromBytes(bytes: Uint8Array): string {
  if (bytes.length < REFERRAL_CODE_LENGTH) {
    throw new RangeError(`a referral code needs ${REFERRAL_CODE_LENGTH} random bytes, got ${bytes.length}`);
  }
  let code = '';
  for (const byte of bytes.subarray(0, REFERRAL_CODE_LENGTH)) {
    code += REFERRAL_CODE_ALPHABET[byte % REFERRAL_CODE_ALPHABET.length];
  }
  return code;
}

const REFERRAL_CODE_FORMAT = new RegExp(`^[${REFERRAL_CODE_ALPHABET}]{${REFERRAL_CODE_LENGTH}}$`);

/** Whether a (normalized) code could have been issued by referralCodeFromBytes. */
export function isReferralCodeFormat(code: string): boolean {
  return REFERRAL_CODE_FORMAT.test(code);
}
