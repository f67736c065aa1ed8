// The money tests' server: the real composition (compose.ts) on a test database and the local
// chain, with short waits, and helpers that play the client's side of a payment: ask for the
// terms, sign a real transfer with the reference, send it, and ask the server to verify it.
import { randomUUID } from 'node:crypto';
import type { ServerEventPayload } from '@duel-dojo/protocol';
import { type Lamports, ZERO_LAMPORTS } from '@duel-dojo/rules';
import { games } from '../adapters/db/schema';
import { type OpenChainOptions, openChain } from '../adapters/chain/open-chain';
import type { SolanaChain } from '../adapters/chain/solana-chain';
import type { ComposeOptions, MoneyOptions } from '../compose';
import { type Ledger, type Logger, isBalanced } from '../modules/ledger';
import type { Payments } from '../modules/payments';
import { type Database, type GameClient, type GameHarness, connect, startGameServer } from './game-server';
import { testConfig } from '../config';
import { SEEDED_LEASE } from './seed';
import { signUpPlayer } from './wallets';
import { type ChainClient, type ChainPlayer, transferWithReferences } from './chain-client';

export const silentLog: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** Waits short enough for a test, long enough for a 50 ms-block chain. */
export const FAST_MONEY: MoneyOptions = { findBudgetMs: 1_500, findIntervalMs: 50, waitMs: 15_000, expiryMarginBlocks: 4n, background: false, log: silentLog };

export interface MoneyHarness extends GameHarness {
  readonly chain: SolanaChain;
  readonly ledger: Ledger;
  readonly payments: Payments;
}

export async function openTestChainAdapter(chain: Pick<ChainClient, 'config'>, options: OpenChainOptions = {}): Promise<SolanaChain> {
  return openChain({ ...testConfig(), ...chain.config }, { pollMs: 40, ...options });
}

/** `adapter`: the chain adapter's options, e.g. a shorter per-request deadline (rpcTimeoutMs). */
export async function startMoneyServer(database: Database, chain: ChainClient, options: { money?: MoneyOptions; compose?: ComposeOptions; adapter?: OpenChainOptions } = {}): Promise<MoneyHarness> {
  const adapter = await openTestChainAdapter(chain, options.adapter);
  const harness = await startGameServer(database, { ...options.compose, chain: adapter, money: { ...FAST_MONEY, ...options.money } });
  const { ledger, payments } = harness.modules;
  if (!ledger || !payments) throw new Error('the money modules were not composed');
  return {
    ...harness,
    chain: adapter,
    ledger,
    payments,
    async stop() {
      await harness.stop();
      adapter.close();
    },
  };
}

export interface MoneyPlayer extends ChainPlayer {
  readonly token: string;
  readonly userId: string;
  readonly client: GameClient;
}

export async function moneyPlayer(harness: { url: string }, chain: ChainClient, name: string, fund = 2_000_000_000n): Promise<MoneyPlayer> {
  const player = await chain.player(fund);
  const { token, user } = await signUpPlayer(harness.url, player.wallet, name);
  return { ...player, token, userId: user._id, client: await connect(harness.url, token) };
}

export interface PaidStake {
  readonly info: ServerEventPayload<'betInfo'>;
  readonly signature: string;
  readonly answer: ServerEventPayload<'paymentVerified'>;
}

/**
 * requestBetInfo, a real transfer carrying the reference, verifyPayment: what the web client does.
 * `from`: another wallet pays the player's request (a friend's phone scanning its QR code).
 */
export async function payStake(chain: ChainClient, player: MoneyPlayer, betAmount = '5$', tweak: { lamports?: bigint; from?: ChainPlayer } = {}): Promise<PaidStake> {
  player.client.emit('requestBetInfo', { betAmount });
  const info = await player.client.next('betInfo');
  const amount = tweak.lamports ?? BigInt(info.lamports);
  const payer = (tweak.from ?? player).signer;
  const signature = await chain.send(payer, [transferWithReferences(payer, info.recipientWallet, amount, [info.reference])]);
  player.client.emit('verifyPayment', { paymentId: info.paymentId, signature });
  const answer = await player.client.next('paymentVerified', (a) => a.paymentId === info.paymentId, 10_000);
  return { info, signature, answer };
}

/** docs/security.md 27 after a money test: the books match the chain, both ways, to the lamport. */
export async function expectBalanced(ledger: Ledger): Promise<void> {
  const check = await ledger.check();
  if (!isBalanced(check) || check.unsettled !== 0) {
    throw new Error(`ledger does not match the chain: difference ${check.differenceLamports}, unsettled ${check.unsettled}, missing ${check.missingOnChain.join(',')}, unrecorded ${check.unrecordedOnChain.map((u) => `${u.signature}:${u.treasuryDelta}`).join(',')}`);
  }
}

/** docs/security.md 11: every transaction the treasury paid a fee for is a transfer the ledger wrote. */
export async function expectTreasuryFeesOnlyForLedger(harness: MoneyHarness): Promise<void> {
  const known = new Set((await harness.ledger.check()).missingOnChain);
  if (known.size > 0) throw new Error(`ledger transfers missing on chain: ${[...known].join(', ')}`);
  const unrecorded = new Set((await harness.ledger.check()).unrecordedOnChain.map((u) => u.signature));
  for (const signature of await harness.chain.treasurySignatures()) {
    const landed = await harness.chain.fetchTransfer(signature);
    if (landed?.accountKeys[0] === harness.chain.treasury && unrecorded.has(signature)) {
      throw new Error(`the treasury signed ${signature}, which is in no ledger row`);
    }
  }
}

export interface SeededGame {
  readonly sessionId: string;
  readonly gameId: string;
  readonly stake: Lamports;
  readonly paymentIds: readonly string[];
}

/**
 * Two players pay a stake for real (payStake) and the stakes are bound to a game row written as
 * the duels module would leave it (finished with `winner` and `payoutState`, or still running).
 */
export async function seedPaidGame(
  harness: MoneyHarness,
  chain: ChainClient,
  database: Database,
  players: readonly [MoneyPlayer, MoneyPlayer],
  outcome: { winner: 'player1' | 'player2' | 'draw' | null; payoutState: 'none' | 'due' | 'refund_due' },
  /** Who pays each player's stake, when not the player. */
  payers: readonly [ChainPlayer | null, ChainPlayer | null] = [null, null],
): Promise<SeededGame> {
  const sessionId = `seed-${randomUUID()}`;
  const paymentIds: string[] = [];
  let stake = ZERO_LAMPORTS;
  for (const [index, player] of players.entries()) {
    const from = payers[index];
    const paid = await payStake(chain, player, '5$', from ? { from } : {});
    if (!paid.answer.success) throw new Error(`stake not verified: ${paid.answer.message}`);
    const taken = await harness.payments.takeVerifiedStake({ paymentId: paid.info.paymentId, walletAddress: player.address, betAmount: '5$', sessionId });
    stake = taken.stakeLamports;
    paymentIds.push(paid.info.paymentId);
  }
  const over = outcome.winner !== null;
  const [row] = await database.db
    .insert(games)
    .values({
      sessionId,
      player1Id: players[0].userId,
      player2Id: players[1].userId,
      player1Wallet: players[0].address,
      player2Wallet: players[1].address,
      player1Character: 4,
      player2Character: 4,
      betAmount: '5$',
      stakeLamports: stake,
      winner: outcome.winner === 'player1' ? players[0].address : outcome.winner === 'player2' ? players[1].address : outcome.winner,
      gameOver: over,
      endedAt: over ? new Date() : null,
      payoutState: outcome.payoutState,
      // A running one is another live node's (docs/durable-games.md): nobody settles it meanwhile.
      ...(over ? {} : SEEDED_LEASE),
    })
    .returning({ id: games.id });
  return { sessionId, gameId: (row as { id: string }).id, stake, paymentIds };
}
