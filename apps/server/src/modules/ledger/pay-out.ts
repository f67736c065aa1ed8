// Exactly-once transfers out of the treasury (docs/money.md; docs/security.md 12, 15, 16).
//
// The ledger row, holding the SIGNED transaction (bytes, signature, lastValidBlockHeight), is
// written before anything is sent, so a crash at any point leaves a row that names the one
// transaction that may have landed. Driving a row is then always safe to repeat:
//   landed (confirmed)            -> settle: row confirmed + fee row + the caller's state, one DB transaction
//   unknown, blockhash still valid -> (re-)send the SAME bytes and wait
//   unknown, block height past lastValidBlockHeight (+ margin), still unknown after that
//                                 -> the old transaction can never land: sign anew, swapped in by a
//                                    conditional update on the old signature (never a durable nonce)
// Concurrent callers of one key share one in-flight promise, so they get the same signature.
import { setTimeout as sleep } from 'node:timers/promises';
import { type Lamports, toLamports } from '@duel-dojo/rules';
import { ChainUnavailable, type TreasuryChain } from './chain-port';
import { type CrashPoint, PayoutPending, PayoutRefused } from './errors';
import type { LedgerRow, LedgerStore, OutgoingKind } from './ports';
import { singleFlight } from '../../concurrency/keyed-queue';
import { linkSignals } from '../../concurrency/linked-signal';

export interface PayOutRequest {
  /** 'payout:<gameId>', 'refund:<paymentId>': one movement, however often it is asked for. */
  readonly idempotencyKey: string;
  readonly kind: OutgoingKind;
  /** The receiver, read from the database by the caller: never from a client's message. */
  readonly wallet: string;
  readonly amount: Lamports;
  readonly gameId?: string | null;
  readonly paymentId?: string | null;
  /** A tournament prize: which tournament and place (the store's guard checks it against the placings). */
  readonly prize?: { readonly tournamentId: string; readonly place: number };
}

export interface PayOutResult {
  readonly signature: string;
  readonly amount: Lamports;
  /** failed: the transaction landed with an error (the fee was paid, nothing moved). */
  readonly status: 'confirmed' | 'failed';
}

export interface Logger {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

export interface PayOutDeps {
  readonly store: LedgerStore;
  readonly chain: TreasuryChain;
  readonly log: Logger;
  /** Kill tests only: called at each CrashPoint; main.ts passes one that SIGKILLs the process. */
  readonly crashAt?: ((point: CrashPoint) => void) | undefined;
  /** How long a caller waits before it is answered PayoutPending (the drive goes on). */
  readonly waitMs?: number;
  /** How long one drive of a row may take before it gives up until the next resume. */
  readonly driveMs?: number;
  /**
   * Blocks past lastValidBlockHeight before an unknown signature counts as dropped: a node
   * that lags (or a chain with a confirmation lag) may not show a just-landed transaction yet.
   */
  readonly expiryMarginBlocks?: bigint;
}

export const DEFAULT_WAIT_MS = 25_000;
export const DEFAULT_DRIVE_MS = 120_000;
export const DEFAULT_EXPIRY_MARGIN_BLOCKS = 32n;
/** getTransaction may trail getSignatureStatuses by a moment: how often to ask for the fee. */
const FEE_LOOKUPS = 10;
const FEE_LOOKUP_PAUSE_MS = 200;

export function createPayOut(deps: PayOutDeps) {
  const { store, chain, log } = deps;
  const waitMs = deps.waitMs ?? DEFAULT_WAIT_MS;
  const driveMs = deps.driveMs ?? DEFAULT_DRIVE_MS;
  const margin = deps.expiryMarginBlocks ?? DEFAULT_EXPIRY_MARGIN_BLOCKS;
  /** Aborted on shutdown: every drive stops waiting and leaves its row for the next start. */
  const stopping = new AbortController();

  /** One drive per key in this process; everyone asking meanwhile shares its outcome. */
  const shared = singleFlight<PayOutResult>();

  async function start(request: PayOutRequest): Promise<PayOutResult> {
    const key = request.idempotencyKey;
    let row = await store.findByKey(key);
    if (!row) {
      const signed = await chainStep(key, null, () => chain.signTransfer({ destination: request.wallet, lamports: request.amount, reference: key }));
      const written = await store.insertOutgoing({
        idempotencyKey: key,
        kind: request.kind,
        wallet: request.wallet,
        amount: request.amount,
        gameId: request.gameId ?? null,
        paymentId: request.paymentId ?? null,
        ...(request.prize ? { prize: request.prize } : {}),
        signature: signed.signature,
        signedTx: signed.wireTransaction,
        lastValidBlockHeight: signed.lastValidBlockHeight,
      });
      if (written.kind === 'refused') throw new PayoutRefused(written.reason);
      row = written.row;
      if (written.kind === 'inserted') deps.crashAt?.('after-ledger-write');
    }
    if (row.kind !== request.kind || row.wallet !== request.wallet || row.amount !== request.amount) {
      // Two different movements under one key would be a bug upstream: pay neither twice nor wrong.
      log.error({ key, row: { kind: row.kind, wallet: row.wallet, amount: String(row.amount) } }, 'ledger key reused for a different transfer');
      throw new PayoutRefused('the ledger already holds a different transfer under this key');
    }
    return drive(row);
  }

  async function drive(initial: LedgerRow): Promise<PayOutResult> {
    const linked = linkSignals([stopping.signal], driveMs);
    try {
      return await driveUnder(initial, linked.signal);
    } finally {
      linked.release();
    }
  }

  async function driveUnder(initial: LedgerRow, signal: AbortSignal): Promise<PayOutResult> {
    const key = initial.idempotencyKey;
    let row = initial;
    for (;;) {
      if (row.status === 'confirmed' || row.status === 'failed') return resultOf(row);
      if (signal.aborted) throw new PayoutPending(key, row.signature);
      const { signature, lastValidBlockHeight: lastValid } = row;
      // insertOutgoing writes both with the row; a row without them was never written by us.
      if (signature === null || lastValid === null) throw new Error(`ledger row ${key} holds no signed transaction`);
      let state = await chainStep(key, signature, () => chain.signatureState(signature));
      if (state.kind === 'unknown' && (await chainStep(key, signature, () => chain.blockHeight())) > lastValid + margin) {
        // Asked again AFTER reading the height: had it landed in time, it would show by now.
        state = await chainStep(key, signature, () => chain.signatureState(signature));
        if (state.kind === 'unknown') {
          row = await resign(row);
          continue;
        }
      }
      if (state.kind === 'confirmed') {
        row = await settle(row, signature);
        continue;
      }
      if (state.kind === 'unknown') {
        await send(row, signature);
        if (row.status === 'pending') {
          deps.crashAt?.('after-send');
          await store.markSent(row.id, signature);
          row = { ...row, status: 'sent' };
        }
      }
      // Waits past the same margin the expiry check above uses, so an expired answer is final.
      const outcome = await chainStep(key, signature, () => chain.confirm(signature, lastValid + margin, signal));
      // expired: the next turn finds the signature unknown past its height and signs anew.
      if (outcome.kind === 'confirmed') row = await settle(row, signature);
    }
  }

  async function send(row: LedgerRow, signature: string): Promise<void> {
    try {
      await chain.send(row.signedTx as string);
    } catch (error) {
      // "Already processed" and friends: what counts is whether the chain knows the signature.
      const state = await chainStep(row.idempotencyKey, signature, () => chain.signatureState(signature));
      if (state.kind !== 'unknown') return;
      log.warn({ key: row.idempotencyKey, signature, err: String(error) }, 'transfer not accepted yet; it stays pending');
      throw new PayoutPending(row.idempotencyKey, signature, { cause: error });
    }
  }

  async function resign(row: LedgerRow): Promise<LedgerRow> {
    const key = row.idempotencyKey;
    const signed = await chainStep(key, row.signature, () => chain.signTransfer({ destination: row.wallet, lamports: row.amount, reference: key }));
    const swapped = await store.swapSignature(row.id, row.signature as string, {
      signature: signed.signature,
      signedTx: signed.wireTransaction,
      lastValidBlockHeight: signed.lastValidBlockHeight,
    });
    log.warn({ key, expired: row.signature, next: swapped ? signed.signature : 'swapped by another process' }, 'transfer expired unsent; signed anew');
    const current = await store.findByKey(key);
    if (!current) throw new Error(`ledger row ${key} vanished`);
    return current;
  }

  async function settle(row: LedgerRow, signature: string): Promise<LedgerRow> {
    for (let attempt = 0; attempt < FEE_LOOKUPS; attempt += 1) {
      const landed = await chainStep(row.idempotencyKey, signature, () => chain.fetchTransfer(signature));
      if (landed) {
        const { row: settled, applied } = await store.settleOutgoing(row.id, signature, { fee: toLamports(landed.fee), err: landed.err });
        if (settled.status === 'failed') log.error({ key: row.idempotencyKey, signature, err: landed.err }, 'transfer landed with an error');
        else if (!applied) log.error({ key: row.idempotencyKey, signature }, 'transfer confirmed but the game or payment was no longer in the state it paid for');
        return settled;
      }
      await sleep(FEE_LOOKUP_PAUSE_MS);
    }
    throw new PayoutPending(row.idempotencyKey, signature);
  }

  /** Any failure talking to the chain leaves the row as it is and answers "pending" (16). */
  async function chainStep<T>(key: string, signature: string | null, step: () => Promise<T>): Promise<T> {
    try {
      return await step();
    } catch (error) {
      if (error instanceof PayoutPending) throw error;
      if (!(error instanceof ChainUnavailable)) log.warn({ key, err: String(error) }, 'chain call failed');
      throw new PayoutPending(key, signature, { cause: error });
    }
  }

  return {
    /** Pays exactly once; throws PayoutPending (retryable) or PayoutRefused. */
    payOut(request: PayOutRequest): Promise<PayOutResult> {
      return withDeadline(shared(request.idempotencyKey, () => start(request)), waitMs, request.idempotencyKey);
    },
    /** The settled transfer under a key, or null while there is none (or it is unsettled). */
    async settled(key: string): Promise<PayOutResult | null> {
      const row = await store.findByKey(key);
      return row && (row.status === 'confirmed' || row.status === 'failed') ? resultOf(row) : null;
    },
    /** Shutdown: drives in progress stop waiting; their rows stay for the next start. */
    stop(): void {
      stopping.abort();
    },
    /** Drives every unsettled row to its end (docs/security.md 15): at start, then periodically. */
    async resumeUnsettled(): Promise<{ settled: number; pending: number }> {
      let settled = 0;
      let pending = 0;
      for (const row of await store.listUnsettled()) {
        if (stopping.signal.aborted) break;
        try {
          await shared(row.idempotencyKey, () => drive(row));
          settled += 1;
        } catch (error) {
          pending += 1;
          if (!(error instanceof PayoutPending)) log.error({ key: row.idempotencyKey, err: String(error) }, 'resuming a transfer failed');
        }
      }
      return { settled, pending };
    },
  };
}

function resultOf(row: LedgerRow): PayOutResult {
  return { signature: row.signature as string, amount: row.amount, status: row.status === 'failed' ? 'failed' : 'confirmed' };
}

/** The caller stops waiting after `ms`; the work itself goes on and settles the row later. */
function withDeadline(work: Promise<PayOutResult>, ms: number, key: string): Promise<PayOutResult> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PayoutPending(key, null)), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

export type PayOut = ReturnType<typeof createPayOut>;
