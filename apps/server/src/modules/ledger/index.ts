// The ledger module: the only writer of money rows (docs/money.md). Transfers out happen exactly
// once (pay-out.ts); claims and refunds decide what is owed from the database (claims.ts,
// refunds.ts); money in is credited by the payments module through creditPayment, and what pays
// nothing is booked by the payments module's treasury intake as refused_in (given back,
// give-backs.ts) or donation (kept); the books are compared with the chain by reconcile.ts. A
// background loop resumes unsettled transfers, runs the steps other modules register (the
// treasury intake, the sweep of expired requests), then the due refunds, give-backs and
// tournament prizes (prizes.ts), at start and every `backgroundIntervalMs`. A wallet's money page
// reads the rows back for the player (wallet-money.ts); it needs no chain.
import { ChainUnavailable, type TreasuryChain } from './chain-port';
import { type ClaimAnswer, createClaims } from './claims';
import { type CrashPoint, PayoutPending } from './errors';
import { createGiveBacks } from './give-backs';
import { type Logger, createPayOut } from './pay-out';
import type { LedgerStore } from './ports';
import { createPrizes } from './prizes';
import { createReconciliation } from './reconcile';
import { createRefunds } from './refunds';
import { fundTreasuryByAirdrop } from './treasury-funding';

export * from './chain-port';
export * from './ports';
export { PayoutPending, PayoutRefused, type CrashPoint } from './errors';
export { payoutKey, winnerWallet, type ClaimAnswer } from './claims';
export { refundKey } from './refunds';
export { excessKey, giveBackKey, refusedKey } from './give-backs';
export { prizeKey } from './prizes';
export { formatCheck, isBalanced, ledgerBalance, type LedgerCheck, type LedgerSummary } from './reconcile';
export { INITIAL_TOP_UP_KEY } from './treasury-funding';
export type { Logger, PayOutRequest, PayOutResult } from './pay-out';
export * from './wallet-money';

export interface LedgerDeps {
  readonly store: LedgerStore;
  readonly chain: TreasuryChain;
  readonly log: Logger;
  readonly now?: () => Date;
  readonly crashAt?: ((point: CrashPoint) => void) | undefined;
  /** See pay-out.ts. */
  readonly waitMs?: number;
  readonly driveMs?: number;
  readonly expiryMarginBlocks?: bigint;
  /** A verified stake unused this long after its request expired is refunded; default 10 min. */
  readonly unusedStakeGraceMs?: number;
  /** How often unsettled transfers are resumed and due refunds run; default 15 s. */
  readonly backgroundIntervalMs?: number;
}

export const DEFAULT_UNUSED_STAKE_GRACE_MS = 10 * 60_000;
export const DEFAULT_BACKGROUND_INTERVAL_MS = 15_000;

export function createLedger(deps: LedgerDeps) {
  const now = deps.now ?? (() => new Date());
  const payOut = createPayOut(deps);
  const claims = createClaims({ store: deps.store, payOut, log: deps.log });
  const refunds = createRefunds({ store: deps.store, payOut, log: deps.log, now, unusedStakeGraceMs: deps.unusedStakeGraceMs ?? DEFAULT_UNUSED_STAKE_GRACE_MS });
  const prizes = createPrizes({ store: deps.store, payOut, log: deps.log });
  const giveBacks = createGiveBacks({ store: deps.store, payOut, log: deps.log });
  const reconciliation = createReconciliation(deps);
  let timer: ReturnType<typeof setInterval> | null = null;
  let running: Promise<void> | null = null;
  let queued: Promise<void> | null = null;
  const steps: { readonly name: string; readonly run: () => Promise<unknown> }[] = [];

  async function pass(): Promise<void> {
    try {
      await payOut.resumeUnsettled();
      for (const step of steps) {
        try {
          await step.run();
        } catch (error) {
          deps.log.error({ step: step.name, err: String(error) }, 'ledger recovery step failed');
        }
      }
      await refunds.sweep();
      await giveBacks.sweep();
      await prizes.payDue(null);
    } catch (error) {
      deps.log.error({ err: String(error) }, 'ledger recovery pass failed');
    }
  }

  /**
   * One pass of recovery: unsettled transfers first (15), then the registered steps (money that
   * came in unverified, 8), then refunds that are due (8), give-backs and prizes. A step that fails is logged
   * and does not keep the others from running. A call while a pass runs gets a pass that starts
   * after it (one, shared by every such call): what the caller just marked due is in it.
   */
  function recover(): Promise<void> {
    if (!running) {
      running = pass().finally(() => {
        running = null;
      });
      return running;
    }
    queued ??= running.then(() => {
      queued = null;
      return recover();
    });
    return queued;
  }

  return {
    payOut: payOut.payOut,
    claimReward: (request: { sessionId: string; wallet: string }): Promise<ClaimAnswer> => claims.claimReward(request),
    refundGame: refunds.refundGame,
    refundPayment: refunds.refundPayment,
    /**
     * The tournaments module's PrizePayer: a completed tournament's prizes, now. What stalls
     * (chain down, pending confirmation) is finished by the recovery loop.
     */
    payPrizes: (tournamentId: string) => prizes.payDue(tournamentId),
    creditPayment: deps.store.creditPayment,
    recordRefused: deps.store.recordRefused,
    recordDonation: deps.store.recordDonation,
    knownSignatures: deps.store.knownSignatures,
    /** Gives back an owed row (refused_in, excess_in) now; null while in flight or when nothing is owed. */
    giveBackNow: giveBacks.giveBackNow,
    findPayment: deps.store.findPayment,
    summary: reconciliation.summary,
    check: reconciliation.check,
    recover,
    /**
     * Adds a step to every recovery pass, after unsettled transfers resume and before due refunds
     * run (so what a step marks refund_due is refunded in the same pass). Register before start().
     */
    addRecoveryStep(name: string, run: () => Promise<unknown>): void {
      steps.push({ name, run });
    },
    fundTreasuryByAirdrop: (lamports: bigint) => fundTreasuryByAirdrop(deps, lamports),

    /**
     * The duels module's RefundRequester: the stake of a cancelled waiting game, at once. A
     * refund still in flight answers a null signature; the sweep finishes it. A refund the money
     * state does not allow throws PayoutRefused (TRANSFER_NOT_DUE).
     */
    async refundCancelledGame(request: { sessionId: string; walletAddress: string }): Promise<{ transactionSignature: string | null }> {
      try {
        const results = await refunds.refundGame(request.sessionId);
        return { transactionSignature: results.get(request.walletAddress)?.signature ?? null };
      } catch (error) {
        if (error instanceof PayoutPending || error instanceof ChainUnavailable) return { transactionSignature: null };
        throw error;
      }
    },

    /**
     * Starts the recovery loop: one pass now (not awaited: the server serves meanwhile), then
     * every interval; with several nodes only while `when` says this node leads.
     */
    start(when: () => boolean = () => true): void {
      if (when()) void recover();
      if (timer) return;
      timer = setInterval(() => {
        if (when()) void recover();
      }, deps.backgroundIntervalMs ?? DEFAULT_BACKGROUND_INTERVAL_MS);
      timer.unref();
    },
    /** Stops the loop; a pass in progress stops waiting on the chain and ends. */
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = null;
      payOut.stop();
      await running;
      await queued;
    },
  };
}

export type Ledger = ReturnType<typeof createLedger>;
