// The chaos audit's reading of the books (docs/security.md 8, 28), on the books of a chaos run
// (seed 782842396) that it once failed: three players paid the 5$ stake within 50 ms; the third
// one's join bound its stake to the waiting game of the first, then the kill -9 came before it took
// the seat; after the restart the second took that seat and lost, and the sweep of orphaned stakes
// gave the third its stake back. That is one payout and one refund of a stake no seat holds:
// right, and the audit must say so, while still catching a won game whose seat stake went back.
import { describe, expect, it } from 'vitest';
import { payoutLamports, toLamports } from '@duel-dojo/rules';
import type { BookPayment, BookRow, Books } from './money-books';
import { auditBooks, expectedMoney } from './money-audit';
import { StormRecord } from './storm-record';

const STAKE = 33_333_333n;
const FEE = 5_000n;
const [WINNER, LOSER, UNSEATED] = ['5nbZDBu7H4vXSejdqrg2W2xYNQxTjjQFtjjtVKvuYWL2', '4v42FwaHCuaTQPxZdewrF32iFP79KSfzRaCjEf16KvuP', 'DF1Hiw27PgyBuJNYZmtEQM2HqAKxSFLeK5sEvvVAeebT'] as const;
const GAME_ID = '6987727c-014e-418f-b6a4-6a0a8405b923';
const SESSION = 'cebfbb11-4b02-4cd1-b10c-79cd042270d1';

const stakePayment = (id: string, wallet: string, status: string): BookPayment => ({ id, kind: 'stake', wallet, status, signature: `sig-${id}`, gameSessionId: SESSION });
const stakeIn = (payment: BookPayment): BookRow => ({ kind: 'stake_in', amount: STAKE, wallet: payment.wallet, gameId: null, paymentId: payment.id, signature: payment.signature, status: 'confirmed', idempotencyKey: `stake_in:${payment.id}` });

/** The books of that run for this game, as the database kept them. */
function runBooks(): { books: Books; record: StormRecord; unseated: BookPayment } {
  const seatOne = stakePayment('b73a5dbf-5b89-4602-b4fb-0863efd97b30', WINNER, 'verified');
  const seatTwo = stakePayment('507ccd01-f500-43a4-8d97-172104b6602e', LOSER, 'verified');
  const unseated = stakePayment('9d87a9de-4cd1-4066-a69e-23b9ce5211c5', UNSEATED, 'refunded');
  const payout = payoutLamports(toLamports(STAKE), toLamports(STAKE));
  const books: Books = {
    games: [{ id: GAME_ID, sessionId: SESSION, player1Wallet: WINNER, player2Wallet: LOSER, winner: WINNER, gameOver: true, payoutState: 'paid', stakeLamports: toLamports(STAKE) }],
    payments: [seatTwo, seatOne, unseated],
    rows: [
      stakeIn(seatOne),
      stakeIn(unseated),
      stakeIn(seatTwo),
      // The sweep's refund of a lone payment: no game named (ledger-outgoing.ts refuses a game refund of a stake no seat holds).
      { kind: 'refund', amount: STAKE, wallet: UNSEATED, gameId: null, paymentId: unseated.id, signature: 'sig-refund', status: 'confirmed', idempotencyKey: `refund:${unseated.id}` },
      { kind: 'payout', amount: payout, wallet: WINNER, gameId: GAME_ID, paymentId: null, signature: 'sig-payout', status: 'confirmed', idempotencyKey: `payout:${GAME_ID}` },
    ],
  };
  const record = new StormRecord();
  for (const payment of [seatOne, seatTwo, unseated]) record.stakes.push({ wallet: payment.wallet, paymentId: payment.id, signature: payment.signature as string, lamports: STAKE, fee: FEE });
  record.claims.push({ sessionId: SESSION, wallet: WINNER, success: true, signature: 'sig-payout', amount: String(payout), code: null, restartsBefore: 1 });
  return { books, record, unseated };
}

describe('the chaos audit of a stake bound to a game whose seat went to another joiner', () => {
  it('owes the winner the payout and the unseated player its stake, and finds the books right', () => {
    const { books, record } = runBooks();
    const expectation = expectedMoney(books, record);
    expect(expectation.violations).toEqual([]);
    expect(expectation.owed.get(WINNER)).toBe(payoutLamports(toLamports(STAKE), toLamports(STAKE)));
    expect(expectation.owed.get(LOSER)).toBe(0n);
    expect(expectation.owed.get(UNSEATED)).toBe(STAKE);
    expect(expectation.verdicts.get(GAME_ID)).toMatchObject({ kind: 'won', winner: WINNER });
    const audit = auditBooks(books, record, expectation);
    expect(audit.violations).toEqual([]);
    expect(audit.figures.duplicates).toBe(0);
  });

  it('holds the unseated stake while the sweep has not given it back yet (it may come back or not)', () => {
    const { books, record, unseated } = runBooks();
    const before: Books = { ...books, payments: books.payments.map((p) => (p.id === unseated.id ? { ...p, status: 'verified' } : p)), rows: books.rows.filter((row) => row.kind !== 'refund') };
    const expectation = expectedMoney(before, record);
    expect(expectation.violations).toEqual([]);
    expect(expectation.owed.get(UNSEATED)).toBe(0n);
    expect(expectation.held).toEqual([{ paymentId: unseated.id, wallet: UNSEATED, lamports: STAKE, sessionId: SESSION, unseated: 'seat taken by others' }]);
    expect(auditBooks(before, record, expectation).violations).toEqual([]);
  });

  it('still reports a won game whose seat stake was also refunded, and an unseated stake refunded twice or not at all', () => {
    const { books, record, unseated } = runBooks();
    const expectation = expectedMoney(books, record);
    const loserRefund: BookRow = { kind: 'refund', amount: STAKE, wallet: LOSER, gameId: GAME_ID, paymentId: '507ccd01-f500-43a4-8d97-172104b6602e', signature: 'sig-x', status: 'confirmed', idempotencyKey: 'refund:507ccd01-f500-43a4-8d97-172104b6602e' };
    expect(auditBooks({ ...books, rows: [...books.rows, loserRefund] }, record, expectation).violations).toEqual([`game ${SESSION} was won and also refunded (refund:507ccd01-f500-43a4-8d97-172104b6602e)`]);
    const twice = [...books.rows, { ...(books.rows.find((row) => row.kind === 'refund') as BookRow), signature: 'sig-again', idempotencyKey: 'refund-again' }];
    const doubled = auditBooks({ ...books, rows: twice }, record, expectation);
    expect(doubled.figures.duplicates).toBe(1);
    expect(doubled.violations).toEqual([`stake ${unseated.id} bound to game ${SESSION} without a seat: refund rows ["${STAKE}","${STAKE}"], ${STAKE} due back`]);
    const none = auditBooks({ ...books, rows: books.rows.filter((row) => row.kind !== 'refund') }, record, expectation);
    expect(none.violations).toEqual([`stake ${unseated.id} bound to game ${SESSION} without a seat: refund rows [], ${STAKE} due back`]);
  });
});
