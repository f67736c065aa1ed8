// What the money must be after a chaos run (docs/security.md 12, 13, 27, 28), from the server's own
// record: a game won pays its winner floor(2 × stake × 97 / 100) once, a draw or a cancelled
// game gives each stake back once, a lost stake stays. Whatever a restart made of a game (today a
// draw, a resumed game's real result tomorrow), the money must match what the record says.
import { payoutLamports } from '@duel-dojo/rules';
import type { BookGame, BookRow, Books } from './money-books';
import type { StormRecord } from './storm-record';

export type GameVerdict = { readonly kind: 'won'; readonly winner: string; readonly payout: bigint } | { readonly kind: 'refund'; readonly cancelled: boolean };

/**
 * A stake bound to a game the kill never created (the join binds the stake, then writes the game
 * row): the server holds it and gives it back with the sweep of orphaned stakes, once its request
 * has expired and a grace has passed (adapters/db/ledger-store.ts; ~20 min by default), so mostly
 * after the run. Or a stake bound to a game whose seat another joiner took (a kill between a join
 * binding its stake to a waiting game and taking the seat): none of that game's money, given back
 * by the same sweep once the game filled (docs/security.md 8). Until then it must be neither paid
 * out nor refunded twice.
 */
export interface HeldStake {
  readonly paymentId: string;
  readonly wallet: string;
  readonly lamports: bigint;
  readonly sessionId: string | null;
  /** Why the stake is no seat's: its game has no row, or the seats went to other wallets. */
  readonly unseated: 'no game row' | 'seat taken by others';
}

export interface Expectation {
  /** Per wallet: what the treasury owes it now (payouts plus refunds), held stakes left out. */
  readonly owed: ReadonlyMap<string, bigint>;
  readonly held: readonly HeldStake[];
  /** Stakes bound to a game whose seats went to others, already given back when the books were read: owed, each refunded once. */
  readonly unseated: readonly HeldStake[];
  /** Per paid game of the run (by id): what its record says is due. */
  readonly verdicts: ReadonlyMap<string, GameVerdict>;
  readonly violations: readonly string[];
}

const REFUND_STATES = new Set(['refund_due', 'refunded']);
const PAYOUT_STATES = new Set(['due', 'paid']);
/** Kinds a run that pays exact stakes never produces (give-backs of refused or excess lamports). */
const UNEXPECTED_KINDS = new Set(['refused_in', 'excess_in', 'give_back', 'donation', 'purchase_in', 'entry_in', 'prize']);

function verdictOf(game: BookGame): GameVerdict | string {
  const seats = [game.player1Wallet, game.player2Wallet];
  if (game.gameOver && game.winner !== null && game.winner !== 'draw' && seats.includes(game.winner)) {
    if (!PAYOUT_STATES.has(game.payoutState)) return `game ${game.sessionId} won by ${game.winner} has payout_state ${game.payoutState}`;
    return { kind: 'won', winner: game.winner, payout: payoutLamports(game.stakeLamports, game.stakeLamports) };
  }
  if (REFUND_STATES.has(game.payoutState) && (game.winner === 'draw' || !game.gameOver)) return { kind: 'refund', cancelled: !game.gameOver };
  return `game ${game.sessionId} is neither won nor refunded: game_over ${game.gameOver}, winner ${game.winner}, payout_state ${game.payoutState}`;
}

const stakeIn = (rows: readonly BookRow[], paymentId: string) => rows.filter((row) => row.kind === 'stake_in' && row.paymentId === paymentId);

/** What each wallet is owed according to the record, and where the record itself is wrong. */
export function expectedMoney(books: Books, record: StormRecord): Expectation {
  const violations: string[] = [];
  const owed = new Map<string, bigint>();
  const verdicts = new Map<string, GameVerdict>();
  const held: HeldStake[] = [];
  const unseated: HeldStake[] = [];
  const gamesBySession = new Map(books.games.map((game) => [game.sessionId, game]));
  const sent = new Set(record.stakes.map((stake) => stake.signature));
  for (const payment of books.payments) {
    if (payment.signature !== null && !sent.has(payment.signature)) violations.push(`payment ${payment.id} was paid by ${payment.signature}, which no player sent`);
  }
  for (const stake of record.stakes) {
    owed.set(stake.wallet, owed.get(stake.wallet) ?? 0n);
    const payment = books.payments.find((p) => p.id === stake.paymentId);
    const credited = stakeIn(books.rows, stake.paymentId);
    if (!payment || payment.signature !== stake.signature) {
      violations.push(`stake ${stake.signature} of ${stake.wallet}: payment ${stake.paymentId} does not record it`);
      continue;
    }
    if (credited.length !== 1 || credited[0]?.amount !== stake.lamports) {
      violations.push(`stake ${stake.signature}: ${credited.length} stake_in rows (${credited.map((row) => row.amount).join(', ')}), ${stake.lamports} lamports sent`);
      continue;
    }
    const game = payment.gameSessionId === null ? undefined : gamesBySession.get(payment.gameSessionId);
    if (!game) {
      // Bound to a game whose row a kill kept from being written: the restart gives it back.
      if (payment.gameSessionId !== null && REFUND_STATES.has(payment.status)) owed.set(stake.wallet, (owed.get(stake.wallet) ?? 0n) + stake.lamports);
      else if (payment.status === 'verified') held.push({ paymentId: payment.id, wallet: stake.wallet, lamports: stake.lamports, sessionId: payment.gameSessionId, unseated: 'no game row' });
      else violations.push(`stake ${stake.signature} (payment ${payment.id}, ${payment.status}) is bound to no game`);
      continue;
    }
    if (game.player1Wallet !== stake.wallet && game.player2Wallet !== stake.wallet) {
      // Its join bound it, then lost the seat (a kill came in between): not the game's money,
      // whatever the game's result; it goes back once, by the sweep of orphaned stakes.
      const stray: HeldStake = { paymentId: payment.id, wallet: stake.wallet, lamports: stake.lamports, sessionId: game.sessionId, unseated: 'seat taken by others' };
      if (REFUND_STATES.has(payment.status)) {
        owed.set(stake.wallet, (owed.get(stake.wallet) ?? 0n) + stake.lamports);
        unseated.push(stray);
      } else if (payment.status === 'verified') held.push(stray);
      else violations.push(`stake ${stake.signature} (payment ${payment.id}, ${payment.status}) is bound to game ${game.sessionId} without a seat`);
      continue;
    }
    const verdict = verdictOf(game);
    if (typeof verdict === 'string') {
      violations.push(verdict);
      continue;
    }
    verdicts.set(game.id, verdict);
    const due = verdict.kind === 'refund' ? stake.lamports : verdict.winner === stake.wallet ? verdict.payout : 0n;
    owed.set(stake.wallet, (owed.get(stake.wallet) ?? 0n) + due);
  }
  return { owed, held, unseated, verdicts, violations };
}

/** Held stakes the books show refunded (confirmed): owed on top of `owed` once they are. */
export function refundedHeld(books: Books, expectation: Expectation): HeldStake[] {
  return expectation.held.filter((stake) => books.rows.some((row) => row.kind === 'refund' && row.paymentId === stake.paymentId && row.status === 'confirmed'));
}

export interface BookFigures {
  readonly gamesStarted: number;
  readonly gamesWon: number;
  /** Drawn, by play or by a restart that settled an interrupted game. */
  readonly gamesDrawn: number;
  /** Cancelled while waiting for an opponent. */
  readonly gamesCancelled: number;
  readonly payouts: number;
  readonly refunds: number;
  /** Ledger rows or claim signatures beyond one per game or stake (must be 0). */
  readonly duplicates: number;
  /** Stakes no seat holds, not given back when the books were first read (HeldStake), and how many were given back since. */
  readonly heldStakes: number;
  readonly heldRefunded: number;
}

/** The ledger rows and claim answers against the verdicts: exactly one transfer out per due one. */
export function auditBooks(books: Books, record: StormRecord, expectation: Expectation): { figures: BookFigures; violations: string[] } {
  const violations: string[] = [];
  let duplicates = 0;
  const gamesById = new Map(books.games.map((game) => [game.id, game]));
  const out = (kind: string, match: (row: BookRow) => boolean) => books.rows.filter((row) => row.kind === kind && match(row));
  for (const row of books.rows) {
    if (UNEXPECTED_KINDS.has(row.kind)) violations.push(`unexpected ledger row ${row.idempotencyKey}: ${row.kind} ${row.amount} to ${row.wallet}`);
    if ((row.kind === 'payout' || row.kind === 'refund') && row.status !== 'confirmed') violations.push(`ledger row ${row.idempotencyKey} is ${row.status}, not confirmed`);
  }
  for (const [gameId, verdict] of expectation.verdicts) {
    const game = gamesById.get(gameId) as BookGame;
    const payouts = out('payout', (row) => row.gameId === gameId);
    // The seats' stakes only: a stake bound to the game by a join that lost the seat is audited
    // with the unseated ones below (docs/security.md 8), never as this game's refund.
    const seats = [game.player1Wallet, game.player2Wallet];
    const stakes = books.payments.filter((payment) => payment.gameSessionId === game.sessionId && seats.includes(payment.wallet));
    const refunds = out('refund', (row) => stakes.some((payment) => payment.id === row.paymentId));
    const replies = record.claims.filter((claim) => claim.sessionId === game.sessionId && claim.success);
    const signatures = new Set(replies.map((claim) => claim.signature));
    if (verdict.kind === 'won') {
      const [payout] = payouts;
      if (payouts.length !== 1 || !payout || payout.amount !== verdict.payout || payout.wallet !== verdict.winner) {
        violations.push(`game ${game.sessionId} won by ${verdict.winner}: payout rows ${JSON.stringify(payouts.map((row) => [row.wallet, String(row.amount), row.status]))}, ${verdict.payout} due`);
      }
      duplicates += Math.max(0, payouts.length - 1) + Math.max(0, signatures.size - 1);
      if (refunds.length > 0) violations.push(`game ${game.sessionId} was won and also refunded (${refunds.map((row) => row.idempotencyKey).join(', ')})`);
      if (replies.length === 0) violations.push(`game ${game.sessionId}: no claim of its winner succeeded`);
      if (signatures.size > 1 || (payout && replies.some((claim) => claim.signature !== payout.signature || claim.amount !== String(payout.amount)))) {
        violations.push(`game ${game.sessionId}: claim answers carry ${[...signatures].join(', ')}; the ledger paid ${payout?.signature ?? 'nothing'}`);
      }
    } else {
      if (payouts.length > 0 || replies.length > 0) violations.push(`game ${game.sessionId} is refunded but has ${payouts.length} payout rows and ${replies.length} successful claims`);
      for (const payment of stakes) {
        const given = refunds.filter((row) => row.paymentId === payment.id);
        const credited = stakeIn(books.rows, payment.id)[0]?.amount;
        duplicates += Math.max(0, given.length - 1);
        if (given.length !== 1 || given[0]?.amount !== credited) violations.push(`stake ${payment.id} of refunded game ${game.sessionId}: refund rows ${JSON.stringify(given.map((row) => String(row.amount)))}, ${credited} credited`);
      }
    }
  }
  for (const stake of expectation.unseated) {
    const given = out('refund', (row) => row.paymentId === stake.paymentId);
    duplicates += Math.max(0, given.length - 1);
    if (given.length !== 1 || given[0]?.amount !== stake.lamports) {
      violations.push(`stake ${stake.paymentId} bound to game ${stake.sessionId} without a seat: refund rows ${JSON.stringify(given.map((row) => String(row.amount)))}, ${stake.lamports} due back`);
    }
  }
  for (const stake of expectation.held) {
    const given = out('refund', (row) => row.paymentId === stake.paymentId);
    const paid = out('payout', (row) => row.paymentId === stake.paymentId);
    duplicates += Math.max(0, given.length - 1);
    if (given.length > 1 || paid.length > 0 || given.some((row) => row.amount !== stake.lamports)) {
      violations.push(`held stake ${stake.paymentId} (session ${stake.sessionId}): refund rows ${JSON.stringify(given.map((row) => String(row.amount)))}, payout rows ${paid.length}`);
    }
  }
  const verdicts = [...expectation.verdicts.values()];
  return {
    figures: {
      gamesStarted: books.games.filter((game) => game.player2Wallet !== null).length,
      gamesWon: verdicts.filter((verdict) => verdict.kind === 'won').length,
      gamesDrawn: verdicts.filter((verdict) => verdict.kind === 'refund' && !verdict.cancelled).length,
      gamesCancelled: verdicts.filter((verdict) => verdict.kind === 'refund' && verdict.cancelled).length,
      payouts: books.rows.filter((row) => row.kind === 'payout' && row.status === 'confirmed').length,
      refunds: books.rows.filter((row) => row.kind === 'refund' && row.status === 'confirmed').length,
      duplicates,
      heldStakes: expectation.held.length,
      heldRefunded: refundedHeld(books, expectation).length,
    },
    violations,
  };
}
