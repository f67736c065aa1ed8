// The server's own record of a chaos run, read straight from its PGlite directory once the
// server has stopped (PGlite is one process's at a time): paid games, stake payments and ledger
// rows, as plain values for the audit (money-audit.ts).
import { type Lamports, ZERO_LAMPORTS } from '@duel-dojo/rules';
import { gt, inArray } from 'drizzle-orm';
import { openDatabase } from '../../adapters/db/connect';
import { games, ledger, payments } from '../../adapters/db/schema';

export interface BookGame {
  readonly id: string;
  readonly sessionId: string;
  readonly player1Wallet: string | null;
  readonly player2Wallet: string | null;
  /** A wallet, a slot, 'draw', or null while it runs (or a waiting game was cancelled). */
  readonly winner: string | null;
  readonly gameOver: boolean;
  readonly payoutState: string;
  readonly stakeLamports: Lamports;
}

export interface BookPayment {
  readonly id: string;
  readonly kind: string;
  readonly wallet: string;
  readonly status: string;
  readonly signature: string | null;
  readonly gameSessionId: string | null;
}

export interface BookRow {
  readonly kind: string;
  readonly amount: bigint;
  readonly wallet: string;
  readonly gameId: string | null;
  readonly paymentId: string | null;
  readonly signature: string | null;
  readonly status: string;
  readonly idempotencyKey: string;
}

export interface Books {
  readonly games: readonly BookGame[];
  readonly payments: readonly BookPayment[];
  readonly rows: readonly BookRow[];
}

export async function readBooks(dataDir: string): Promise<Books> {
  const database = await openDatabase({ dataDir });
  try {
    const { db } = database;
    const paid = await db
      .select({
        id: games.id,
        sessionId: games.sessionId,
        player1Wallet: games.player1Wallet,
        player2Wallet: games.player2Wallet,
        winner: games.winner,
        gameOver: games.gameOver,
        payoutState: games.payoutState,
        stakeLamports: games.stakeLamports,
      })
      .from(games)
      .where(gt(games.stakeLamports, ZERO_LAMPORTS));
    const stakes = await db
      .select({ id: payments.id, kind: payments.kind, wallet: payments.wallet, status: payments.status, signature: payments.signature, gameSessionId: payments.gameSessionId })
      .from(payments);
    const rows = await db
      .select({
        kind: ledger.kind,
        amount: ledger.amount,
        wallet: ledger.wallet,
        gameId: ledger.gameId,
        paymentId: ledger.paymentId,
        signature: ledger.signature,
        status: ledger.status,
        idempotencyKey: ledger.idempotencyKey,
      })
      .from(ledger);
    return { games: paid, payments: stakes, rows };
  } finally {
    await database.close();
  }
}

/** Transfers out the server had begun and not settled when it died (status pending or sent). */
export async function unsettledRows(dataDir: string): Promise<{ kind: string; signature: string | null; status: string }[]> {
  const database = await openDatabase({ dataDir });
  try {
    return await database.db.select({ kind: ledger.kind, signature: ledger.signature, status: ledger.status }).from(ledger).where(inArray(ledger.status, ['pending', 'sent']));
  } finally {
    await database.close();
  }
}
