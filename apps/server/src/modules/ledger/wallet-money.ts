// A wallet's money page (docs/money.md: every movement is visible to its wallet): the
// ledger's rows for the wallet as movements the player can read — what it is, why money came
// back, where it stands, and the transaction to look up — newest first, with totals.
import type { MoneyMovement, MoneyMovementKind, MoneyMovementReason, MoneyMovementStatus, WalletMoneyAnswer } from '@duel-dojo/protocol';
import { type MoneyPosition, type MovementFacts, type WalletKind, type WalletMoneyStore, WALLET_IN_KINDS } from './wallet-money-port';

export * from './wallet-money-port';

/**
 * Past this, a transfer still unsettled is no longer "on its way": the caller's wait ended and
 * the recovery loop (every 15 s) is the one driving it.
 */
export const RETRYING_AFTER_MS = 60_000;

const KIND_NAMES: Readonly<Record<WalletKind, MoneyMovementKind>> = {
  stake_in: 'stakePaid',
  purchase_in: 'purchase',
  entry_in: 'tournamentEntry',
  excess_in: 'overpayment',
  refused_in: 'refusedTransfer',
  donation: 'donation',
  payout: 'payout',
  prize: 'prize',
  refund: 'refund',
  give_back: 'giveBack',
};

const IN_KINDS: ReadonlySet<WalletKind> = new Set(WALLET_IN_KINDS);

export function movementStatus(facts: Pick<MovementFacts, 'status' | 'resigned' | 'ageMs'>): MoneyMovementStatus {
  if (facts.status === 'confirmed' || facts.status === 'failed') return facts.status;
  return facts.resigned || facts.ageMs > RETRYING_AFTER_MS ? 'retrying' : 'pending';
}

/** Why money came back, from what the payment bought and what became of it. */
export function movementReason(facts: Pick<MovementFacts, 'kind' | 'paymentKind' | 'owedKind' | 'gameCancelled' | 'gameDrawn' | 'tournamentCancelled'>): MoneyMovementReason | null {
  if (facts.kind === 'give_back') return facts.owedKind === 'excess_in' ? 'overpaid' : 'refusedTransfer';
  if (facts.kind !== 'refund') return null;
  switch (facts.paymentKind) {
    case 'stake':
      if (facts.gameCancelled) return 'cancelledWait';
      return facts.gameDrawn ? 'draw' : 'stakeNotUsed';
    case 'tournament_entry':
      return facts.tournamentCancelled ? 'tournamentCancelled' : 'entryRefused';
    case 'purchase':
      return 'purchaseRefused';
    default:
      return null;
  }
}

export function movementView(facts: MovementFacts): MoneyMovement {
  return {
    id: facts.id,
    kind: KIND_NAMES[facts.kind],
    reason: movementReason(facts),
    direction: IN_KINDS.has(facts.kind) ? 'in' : 'out',
    lamports: facts.amount.toString(),
    status: movementStatus(facts),
    transactionSignature: facts.signature,
    sessionId: facts.sessionId,
    tournamentId: facts.tournamentId,
    characterId: facts.characterId,
    createdAt: facts.createdAt.toISOString(),
  };
}

/** The cursor is the last movement's position; the protocol's moneyCursor checks its form. */
export const encodeCursor = (position: MoneyPosition): string => `${position.sortKey}.${position.id}`;

export function decodeCursor(cursor: string): MoneyPosition {
  const dot = cursor.indexOf('.');
  return { sortKey: BigInt(cursor.slice(0, dot)), id: cursor.slice(dot + 1) };
}

export function createWalletMoney(deps: { readonly store: WalletMoneyStore }) {
  return {
    /** One page of the wallet's movements and its totals; `cursor` as a previous page gave it. */
    async statement(wallet: string, page: { readonly cursor?: string | undefined; readonly limit: number }): Promise<WalletMoneyAnswer> {
      const after = page.cursor === undefined ? null : decodeCursor(page.cursor);
      const [rows, totals] = await Promise.all([deps.store.movements(wallet, after, page.limit + 1), deps.store.totals(wallet)]);
      const shown = rows.slice(0, page.limit);
      const last = shown[shown.length - 1];
      return {
        success: true,
        walletAddress: wallet,
        totals: {
          inLamports: totals.inLamports.toString(),
          outLamports: totals.outLamports.toString(),
          netLamports: (totals.inLamports - totals.outLamports).toString(),
        },
        movements: shown.map(movementView),
        nextCursor: rows.length > page.limit && last ? encodeCursor(last.position) : null,
      };
    },
  };
}

export type WalletMoney = ReturnType<typeof createWalletMoney>;
