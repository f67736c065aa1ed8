import { z } from 'zod/mini';
import { DEFAULT_PAGE_SIZE, MAX_ID, MAX_LIST, MAX_PAGE_SIZE } from './limits';
import { boundedText, characterId, entityId, isoDateTime, lamportsString, queryInt, signedLamportsString, transactionSignature, walletAddress } from './primitives';

// GET /api/user/{wallet}/money: every movement of SOL the product made for the signed-in wallet,
// newest first, read from the ledger (docs/money.md). Directions are the wallet's: "out" is what
// it sent to the treasury, "in" what the treasury sent back to it.

/**
 * stakePaid, purchase, tournamentEntry: a payment credited (out). overpayment: what a payment
 * brought above its amount, owed back (out). refusedTransfer: a transfer naming one of our
 * payment references that pays none of them, owed back (out). donation: a transfer naming none,
 * kept (out). payout, prize, refund, giveBack (of an overpayment or a refused transfer): in.
 */
export const MONEY_MOVEMENT_KINDS = ['stakePaid', 'purchase', 'tournamentEntry', 'overpayment', 'refusedTransfer', 'donation', 'payout', 'prize', 'refund', 'giveBack'] as const;
export type MoneyMovementKind = (typeof MONEY_MOVEMENT_KINDS)[number];

/**
 * Why money came back. A refund: cancelledWait (a staked game cancelled before an opponent
 * came), draw, tournamentCancelled (too few players at the start), entryRefused (the tournament
 * was full or closed when the fee arrived), purchaseRefused (sold out, already owned, or paid too
 * late), stakeNotUsed (paid too late, or never used for a game). A give-back: overpaid,
 * refusedTransfer.
 */
export const MONEY_MOVEMENT_REASONS = ['cancelledWait', 'draw', 'tournamentCancelled', 'entryRefused', 'purchaseRefused', 'stakeNotUsed', 'overpaid', 'refusedTransfer'] as const;
export type MoneyMovementReason = (typeof MONEY_MOVEMENT_REASONS)[number];

/**
 * pending: on its way (money out of the treasury not landed yet, or decided and not sent yet);
 * retrying: not through within a minute, the server keeps trying (a chain outage, a transaction
 * that expired and was signed anew); confirmed: landed; failed: landed with an error, nothing
 * moved (an operator settles it).
 */
export const MONEY_MOVEMENT_STATUSES = ['pending', 'retrying', 'confirmed', 'failed'] as const;
export type MoneyMovementStatus = (typeof MONEY_MOVEMENT_STATUSES)[number];

/** Where the next page starts: the `nextCursor` of the page before; opaque to clients. */
export const moneyCursor = boundedText(MAX_ID + 20).check(z.regex(/^\d{1,16}\.[A-Za-z0-9-]{1,100}$/, { error: 'Invalid cursor' }));
export type MoneyCursor = z.infer<typeof moneyCursor>;

/** ?cursor=&limit= (limit 1–100, default 20). */
export const walletMoneyQuery = z.object({
  cursor: z.optional(moneyCursor),
  limit: z._default(queryInt(1, MAX_PAGE_SIZE), DEFAULT_PAGE_SIZE),
});
export type WalletMoneyQuery = z.input<typeof walletMoneyQuery>;
export type ParsedWalletMoneyQuery = z.output<typeof walletMoneyQuery>;

export const moneyMovement = z.object({
  /** Stable across pages: the ledger row's id, or "due-…" for money decided but not sent yet. */
  id: entityId,
  kind: z.enum(MONEY_MOVEMENT_KINDS),
  /** For a refund or a give-back; null otherwise. */
  reason: z.nullable(z.enum(MONEY_MOVEMENT_REASONS)),
  direction: z.enum(['in', 'out']),
  lamports: lamportsString,
  status: z.enum(MONEY_MOVEMENT_STATUSES),
  /** The transaction that moved it (for the explorer link); null while none is written yet. */
  transactionSignature: z.nullable(transactionSignature),
  /** The game (a stake, payout or refund of it). */
  sessionId: z.nullable(entityId),
  /** The tournament's public id (an entry fee, a prize, an entry's refund). */
  tournamentId: z.nullable(entityId),
  /** The marketplace character (a purchase, its refund). */
  characterId: z.nullable(characterId),
  createdAt: isoDateTime,
});
export type MoneyMovement = z.infer<typeof moneyMovement>;

export const walletMoneyAnswer = z.object({
  success: z.literal(true),
  walletAddress,
  /** Over every confirmed movement of the wallet, not just this page: net = in − out. */
  totals: z.object({ inLamports: lamportsString, outLamports: lamportsString, netLamports: signedLamportsString }),
  movements: z.array(moneyMovement).check(z.maxLength(MAX_LIST)),
  /** null on the last page. */
  nextCursor: z.nullable(moneyCursor),
});
export type WalletMoneyAnswer = z.infer<typeof walletMoneyAnswer>;
