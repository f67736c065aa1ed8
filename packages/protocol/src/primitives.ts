import { type Lamports, MAX_LAMPORTS, findCharacter, toLamports } from '@duel-dojo/rules';
import { z } from 'zod/mini';
import { isBase58OfLength } from './base58';
import { DEFAULT_PAGE_SIZE, MAX_ID, MAX_PAGE_SIZE, MAX_TEXT } from './limits';
import { FIELD_MESSAGES } from './field-messages';

// The building blocks of every call and event. Messages here do not name their field: the
// server's 400 answer puts the field's path in front (see describeValidationError), except for
// the product's own texts (username, referral code), which are shown to the player as they are.

/** A string with a length limit; oversized input stops at the first check, before any parsing. */
export function boundedText(max: number = MAX_TEXT) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? 'Required' : 'Must be text') })
    .check(z.maxLength(max, { error: `Must be at most ${max} characters`, abort: true }));
}

/** A string that must not be empty once trimmed. */
export function requiredText(max: number = MAX_TEXT) {
  return boundedText(max).check(z.refine((value) => value.trim().length > 0, { error: 'Required' }));
}

/** Base58 text of exactly `bytes` bytes; one message for every way it can be wrong. */
function base58Of(bytes: number, minChars: number, maxChars: number, error: string) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? 'Required' : error) })
    .check(
      z.maxLength(maxChars, { error, abort: true }),
      z.refine((value) => value.length >= minChars && isBase58OfLength(value, bytes), { error }),
    );
}

/** A Solana address: base58 of a 32-byte public key, 32 to 44 characters. */
export const walletAddress = base58Of(32, 32, 44, FIELD_MESSAGES.INVALID_WALLET_ADDRESS);
export type WalletAddress = z.infer<typeof walletAddress>;

/** A transaction signature: base58 of 64 bytes (up to 88 characters). */
export const transactionSignature = base58Of(64, 64, 88, FIELD_MESSAGES.INVALID_TRANSACTION_SIGNATURE);
export type TransactionSignature = z.infer<typeof transactionSignature>;

const LAMPORTS_DIGITS = /^(0|[1-9]\d{0,19})$/;
const SIGNED_LAMPORTS_DIGITS = /^(0|-?[1-9]\d{0,19})$/;

/**
 * Lamports on the wire: a whole number as a decimal string of digits ("1500000000"), at most
 * 20 digits and within the u64 range. No sign, no decimals, no exponent, no leading zeros.
 */
export const lamportsString = boundedText(20).check(
  z.regex(LAMPORTS_DIGITS, { error: 'Must be a whole number of lamports written as digits', abort: true }),
  z.refine((value) => BigInt(value) <= MAX_LAMPORTS, { error: 'Must be at most the u64 maximum' }),
);

/** lamportsString parsed to the rules' branded bigint, for request bodies the server computes with. */
export const lamportsBigint = z.pipe(
  lamportsString,
  z.transform((value: string): Lamports => toLamports(value)),
);

/** A signed amount of lamports (a profit can be a loss): "-250000000", "0", "1200". */
export const signedLamportsString = boundedText(21).check(
  z.regex(SIGNED_LAMPORTS_DIGITS, { error: 'Must be a whole number of lamports written as digits', abort: true }),
  z.refine((value) => (value.startsWith('-') ? BigInt(value.slice(1)) : BigInt(value)) <= MAX_LAMPORTS, {
    error: 'Must be within the u64 range',
  }),
);

/** SOL as display text, computed from lamports by rules' formatSol ("0.0333", "1.800000000"). */
export const solString = boundedText(32).check(z.regex(/^\d{1,11}(\.\d{1,9})?$/, { error: 'Must be an amount of SOL written as decimal text' }));
/** Signed SOL display text, for a profit that can be a loss ("-0.5000"). */
export const signedSolString = boundedText(33).check(
  z.regex(/^-?\d{1,11}(\.\d{1,9})?$/, { error: 'Must be an amount of SOL written as decimal text' }),
);

/** Ids of sessions, payments, purchases, invites, tournaments and nonces: url-safe text. */
export const entityId = boundedText(MAX_ID).check(z.regex(/^[A-Za-z0-9_-]+$/, { error: 'Must be an id of letters, digits, _ and -' }));

/** A character id of either catalog (1–9 free, 10–18 marketplace), checked against rules. */
export const characterId = z
  .int({ error: 'Must be a character id' })
  .check(
    z.positive({ error: 'Must be a character id' }),
    z.refine((id) => findCharacter(id) !== undefined, { error: FIELD_MESSAGES.UNKNOWN_CHARACTER }),
  );

/** Whole non-negative counts: matches, wins, players, rounds. */
export const count = z.int().check(z.nonnegative());
/** A player level: 1 and up. */
export const level = z.int().check(z.gte(1));
/** Server epoch milliseconds (Date.now() on the server). */
export const epochMs = z.int().check(z.nonnegative(), z.lte(8.64e15));
/** An ISO 8601 date-time with a zone ("2025-08-14T00:00:00.000Z"), as JSON writes a Date. */
export const isoDateTime = z.iso.datetime({ offset: true, error: 'Must be an ISO date-time with a time zone' });

/** A query-string integer ("20") or a number, within [min, max]. */
export function queryInt(min: number, max: number) {
  return z.pipe(
    z.union([z.int(), z.pipe(boundedText(12).check(z.regex(/^\d+$/, { error: 'Must be a whole number' })), z.transform(Number))]),
    z.int().check(z.gte(min), z.lte(max)),
  );
}

/** ?limit=&offset= of every list call: limit 1–100 (default 20), offset ≥ 0 (default 0). */
export const pagination = z.object({
  limit: z._default(queryInt(1, MAX_PAGE_SIZE), DEFAULT_PAGE_SIZE),
  offset: z._default(queryInt(0, 1_000_000_000), 0),
});
export type Pagination = z.infer<typeof pagination>;
