// Payment requests (the socket events requestBetInfo, requestMarketplacePurchase; the tournament
// entries): the amount is fixed here, by the server, from the rules (stake tier x configured
// SOL/USD price, the catalogue price) or the tournament's stored fee, and stored with a fresh
// reference key the transfer must carry (Solana Pay style).
import { randomBytes } from 'node:crypto';
import { type Lamports, MARKETPLACE_CHARACTERS, findStakeTier, formatSol, isSoldOut, usdToLamports } from '@duel-dojo/rules';
import { getBase58Decoder } from '@solana/kit';
import { AppError } from '../../errors';
import type { PaymentKind, PaymentRecord, PaymentsStore } from './ports';
import { KeyedQueue } from '../../concurrency/keyed-queue';

export interface RequestsDeps {
  readonly store: PaymentsStore;
  readonly treasury: string;
  /** rules' parseUsdPrice(SOL_USD_PRICE): micro-USD per SOL. */
  readonly priceMicroUsd: bigint;
  readonly now: () => Date;
  readonly ttlMs: number;
  /** Open requests per wallet within one TTL: a cap against filling the table (docs/security.md 10). */
  readonly maxPendingPerWallet: number;
}

export interface PaymentTerms {
  readonly recipientWallet: string;
  /** Exact SOL text of `lamports` (no rounding): a client may convert it back. */
  readonly solAmount: string;
  readonly lamports: string;
  readonly paymentId: string;
  readonly reference: string;
  readonly expiresAt: number;
}

const base58 = getBase58Decoder();

/** Lamports as exact SOL text without trailing zeros: 33333333 -> "0.033333333", 1e9 -> "1". */
export function exactSol(lamports: bigint): string {
  return formatSol(lamports, 9).replace(/\.?0+$/, '');
}

export function findListing(characterId: number) {
  return MARKETPLACE_CHARACTERS.find((item) => item.id === characterId);
}

export function createRequests(deps: RequestsDeps) {
  // Count-then-insert per wallet, one at a time, so a burst cannot slip past the cap.
  const perWallet = new KeyedQueue();

  type For = { readonly characterId: number | null; readonly tournamentId: string | null };
  const nothingElse: For = { characterId: null, tournamentId: null };

  function open(kind: PaymentKind, wallet: string, expectedLamports: Lamports, what: For): Promise<PaymentRecord> {
    return perWallet.run(wallet, () => insert(kind, wallet, expectedLamports, what));
  }

  async function insert(kind: PaymentKind, wallet: string, expectedLamports: Lamports, what: For): Promise<PaymentRecord> {
    const createdAt = deps.now();
    if ((await deps.store.countPending(wallet, new Date(createdAt.getTime() - deps.ttlMs))) >= deps.maxPendingPerWallet) {
      throw new AppError('RATE_LIMITED', { openRequests: deps.maxPendingPerWallet });
    }
    return deps.store.createPayment({
      kind,
      wallet,
      expectedLamports,
      // 32 random bytes are a valid account key: unique to this request, owned by nobody.
      reference: base58.decode(new Uint8Array(randomBytes(32))),
      createdAt,
      expiresAt: new Date(createdAt.getTime() + deps.ttlMs),
      ...what,
    });
  }

  const terms = (payment: PaymentRecord): PaymentTerms => ({
    recipientWallet: deps.treasury,
    solAmount: exactSol(payment.expectedLamports),
    lamports: payment.expectedLamports.toString(),
    paymentId: payment.id,
    reference: payment.reference,
    expiresAt: payment.expiresAt.getTime(),
  });

  /** The stake of a paid tier in lamports at the configured price; free tiers need no payment. */
  function stakeLamports(betAmount: string): Lamports {
    const tier = findStakeTier(betAmount);
    if (!tier || !tier.enabled || tier.usd === 0) throw new AppError('STAKE_NOT_AVAILABLE', { betAmount });
    return usdToLamports(tier.usd, deps.priceMicroUsd);
  }

  return {
    stakeLamports,

    async requestStake(wallet: string, betAmount: string): Promise<PaymentTerms> {
      return terms(await open('stake', wallet, stakeLamports(betAmount), nothingElse));
    },

    /** `price` is what the player saw: a stale one is refused rather than silently changed. */
    async requestPurchase(wallet: string, characterId: number, price: string): Promise<PaymentTerms> {
      const item = findListing(characterId);
      if (!item) throw new AppError('NOT_FOR_SALE', { characterId });
      if (price !== item.priceLamports.toString()) throw new AppError('PRICE_MISMATCH', { characterId, price });
      if (await deps.store.ownsCharacter(wallet, characterId)) throw new AppError('ALREADY_OWNED', { characterId });
      if (isSoldOut(item, await deps.store.purchasedCount(characterId))) throw new AppError('SOLD_OUT', { characterId });
      return terms(await open('purchase', wallet, item.priceLamports, { characterId, tournamentId: null }));
    },

    /** A paid tournament's entry fee, as the tournament stores it (the tournaments module checked it is open). */
    async requestEntry(wallet: string, tournamentId: string, lamports: Lamports): Promise<PaymentTerms> {
      if (lamports <= 0n) throw new RangeError('a tournament entry request needs a fee');
      return terms(await open('tournament_entry', wallet, lamports, { characterId: null, tournamentId }));
    },
  };
}

export type Requests = ReturnType<typeof createRequests>;
