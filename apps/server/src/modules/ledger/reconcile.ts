// Reconciliation (docs/security.md 27): the treasury's on-chain balance against the ledger,
//   money in (LEDGER_IN_KINDS) - money out (every other kind)   (confirmed rows),
// and, for the full check, every transaction that touched the treasury against the ledger's
// signatures: each settled payout/refund is on chain, and each on-chain movement of the
// treasury's balance is in the ledger (a second payout of one game would show up here).
import { LEDGER_IN_KINDS, LEDGER_KINDS } from '@duel-dojo/protocol';
import type { TreasuryChain } from './chain-port';
import type { LedgerAttention, LedgerKind, LedgerStore } from './ports';

export interface LedgerSummary {
  readonly treasury: string;
  readonly onChainLamports: bigint;
  readonly ledgerLamports: bigint;
  /** onChain - ledger: 0 when the books match the chain to the lamport. */
  readonly differenceLamports: bigint;
  readonly byKind: Readonly<Record<LedgerKind, bigint>>;
  /** Transfers written but not settled: while any exist the difference may be off by them. */
  readonly unsettled: number;
}

export interface LedgerCheck extends LedgerSummary, LedgerAttention {
  /** Settled transfers out whose signature the chain does not show. */
  readonly missingOnChain: readonly string[];
  /** Transactions that changed the treasury's balance but are in no ledger row. */
  readonly unrecordedOnChain: readonly { signature: string; treasuryDelta: bigint }[];
}

const IN = new Set<LedgerKind>(LEDGER_IN_KINDS);

export function ledgerBalance(byKind: Readonly<Record<LedgerKind, bigint>>): bigint {
  return LEDGER_KINDS.reduce((sum, kind) => (IN.has(kind) ? sum + byKind[kind] : sum - byKind[kind]), 0n);
}

export function createReconciliation(deps: { store: LedgerStore; chain: TreasuryChain }) {
  const { store, chain } = deps;

  async function summary(): Promise<LedgerSummary> {
    const [totals, onChainLamports] = await Promise.all([store.totals(), chain.balance(chain.treasury)]);
    const ledgerLamports = ledgerBalance(totals.byKind);
    return {
      treasury: chain.treasury,
      onChainLamports,
      ledgerLamports,
      differenceLamports: onChainLamports - ledgerLamports,
      byKind: totals.byKind,
      unsettled: totals.unsettled,
    };
  }

  async function check(): Promise<LedgerCheck> {
    const base = await summary();
    const totals = await store.totals();
    const onChain = await chain.treasurySignatures();
    const seen = new Set(onChain);
    const known = new Set(totals.knownSignatures);
    const missingOnChain = totals.outgoingSignatures.filter((signature) => !seen.has(signature));
    const unrecordedOnChain: { signature: string; treasuryDelta: bigint }[] = [];
    for (const signature of onChain) {
      if (known.has(signature)) continue;
      const landed = await chain.fetchTransfer(signature);
      if (!landed) continue;
      const index = landed.accountKeys.indexOf(chain.treasury);
      const delta = index < 0 ? 0n : (landed.postBalances[index] ?? 0n) - (landed.preBalances[index] ?? 0n);
      if (delta !== 0n) unrecordedOnChain.push({ signature, treasuryDelta: delta });
    }
    return { ...base, missingOnChain, unrecordedOnChain, ...(await store.attention()) };
  }

  return { summary, check };
}

export type Reconciliation = ReturnType<typeof createReconciliation>;

/** The check as the lines `npm run ledger:check` prints. */
export function formatCheck(check: LedgerCheck): string[] {
  const lines = [
    `treasury            ${check.treasury}`,
    `on chain            ${check.onChainLamports} lamports`,
    `ledger              ${check.ledgerLamports} lamports (${Object.entries(check.byKind).map(([kind, total]) => `${kind} ${total}`).join(', ')})`,
    `difference          ${check.differenceLamports} lamports`,
  ];
  if (check.unsettled > 0) lines.push(`unsettled transfers ${check.unsettled} (the difference may include them until they settle)`);
  for (const signature of check.missingOnChain) lines.push(`missing on chain    ${signature}`);
  for (const entry of check.unrecordedOnChain) lines.push(`not in the ledger   ${entry.signature} (treasury ${entry.treasuryDelta > 0n ? '+' : ''}${entry.treasuryDelta})`);
  // Balanced books can still owe someone: these are settled by hand, never retried automatically.
  for (const failed of check.failedTransfers) {
    lines.push(`failed transfer     ${failed.idempotencyKey}: ${failed.amount} lamports to ${failed.wallet} landed with an error (${failed.signature ?? 'no signature'}); send it by hand`);
  }
  // Given back by the recovery loop within a pass or two; listed so an operator sees it move.
  for (const owed of check.owedBack) {
    lines.push(`being given back    ${owed.amount} lamports to ${owed.wallet} (${owed.idempotencyKey})`);
  }
  return lines;
}

export function isBalanced(check: LedgerCheck): boolean {
  return check.differenceLamports === 0n && check.missingOnChain.length === 0 && check.unrecordedOnChain.length === 0;
}
