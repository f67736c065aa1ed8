// One player of the chaos storm (docs/security.md 28): paid games one after another, as the web
// client plays them — ask the terms, send a real transfer carrying the reference, verify, join the
// 5$ tier, act at every round start — and each step is tried again after a kill -9 until it is
// answered. A game won goes to the claimer. Whatever the server does with a game its death cut
// short, the audit checks the money against the record it kept.
import { setTimeout as sleep } from 'node:timers/promises';
import type { GameState, ServerEventPayload } from '@duel-dojo/protocol';
import type { KeyPairSigner } from '@solana/kit';
import { GHOST } from '../game-server';
import { type ChainClient, transferWithReferences } from '../chain-client';
import { signUpPlayer } from '../wallets';
import { ChaosConnection, isTransient } from './chaos-connection';
import { sendStake } from './stake-transfer';
import { activeGame, playGame } from './play-game';
import type { SeenOutcome, StormRecord } from './storm-record';
import type { ServerProcess } from './server-process';

export const STAKE_TIER = '5$';
/** How long one answer may take on a busy machine before the request is sent again. */
const ANSWER_MS = 30_000;
/** A step still unanswered after this many tries is reported, not retried forever. */
const MAX_TRIES = 60;

export interface StormPlayer {
  readonly name: string;
  readonly address: string;
  readonly signer: KeyPairSigner;
  readonly token: string;
  /** The wallet's balance before its first stake. */
  readonly initialLamports: bigint;
}

/**
 * Signs up `count` funded players on the running server. Sign-ups are rate-limited per address
 * (20 a minute, and every player here is 127.0.0.1), so a run has at most 18.
 */
export async function enlistPlayers(url: string, chain: ChainClient, count: number, fund: bigint): Promise<StormPlayer[]> {
  if (count > 18) throw new Error('at most 18 players: sign-ups are rate-limited per address');
  const tag = Math.random().toString(36).slice(2, 6);
  return Promise.all(
    Array.from({ length: count }, async (_, index) => {
      const wallet = await chain.player(fund);
      const name = `storm_${tag}_${index}`;
      const { token } = await signUpPlayer(url, wallet.wallet, name);
      return { name, address: wallet.address, signer: wallet.signer, token, initialLamports: await chain.balance(wallet.address) };
    }),
  );
}

export interface StormDeps {
  readonly chain: ChainClient;
  readonly server: Pick<ServerProcess, 'url' | 'whenUp'>;
  readonly record: StormRecord;
  /** A game this player won: the claimer claims it from now on. */
  readonly won: (sessionId: string, player: StormPlayer) => void;
  /** True once the storm is over: finish the game in hand, start no other. */
  readonly stopping: () => boolean;
  /** A creator waiting this long without an opponent cancels (and is refunded). */
  readonly waitLimitMs: number;
  /** The share of waiting games cancelled at once (cancel racing a join: docs/security.md 13). */
  readonly cancelShare: number;
  readonly random: () => number;
}

/** Plays paid games until the storm stops; never throws (what goes wrong is an anomaly). */
export async function stormPlayer(player: StormPlayer, deps: StormDeps): Promise<void> {
  const connection = new ChaosConnection(deps.server, player.token);
  try {
    while (!deps.stopping()) {
      try {
        deps.record.doing.set(player.name, 'paying');
        await onePaidGame(player, connection, deps);
      } catch (error) {
        deps.record.anomalies.push(`${player.name}: ${error instanceof Error ? error.message : String(error)}`);
        await sleep(1_000);
      }
    }
  } finally {
    deps.record.doing.delete(player.name);
    connection.close();
  }
}

/** `step` again after every kill (Disconnected, NoAnswer), up to MAX_TRIES. */
async function retrying<T>(what: string, step: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await step();
    } catch (error) {
      if (!isTransient(error) || attempt >= MAX_TRIES) throw new Error(`${what}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
  }
}

type Refusal = ServerEventPayload<'error'>;
const refusalTo = (event: string) => (name: string, payload: unknown) => (name === 'error' && (payload as Refusal).event === event ? { refused: payload as Refusal } : undefined);

async function onePaidGame(player: StormPlayer, connection: ChaosConnection, deps: StormDeps): Promise<void> {
  const { record } = deps;
  const terms = await retrying('requestBetInfo', () =>
    connection.ask('requestBetInfo', { betAmount: STAKE_TIER }, (name, payload) => (name === 'betInfo' ? { info: payload as ServerEventPayload<'betInfo'> } : refusalTo('requestBetInfo')(name, payload)), ANSWER_MS),
  );
  if ('refused' in terms) throw new Error(`requestBetInfo refused: ${terms.refused.message}`);
  const { info } = terms;

  // The transfer goes to the chain, not the server: a kill cannot stop it.
  const lamports = BigInt(info.lamports);
  const { signature, fee } = await sendStake(deps.chain, player.signer, [transferWithReferences(player.signer, info.recipientWallet, lamports, [info.reference])]);
  record.stakes.push({ wallet: player.address, paymentId: info.paymentId, signature, lamports, fee });

  record.doing.set(player.name, 'verifying');
  for (let attempt = 1; ; attempt += 1) {
    const answer = await retrying('verifyPayment', () =>
      connection.ask('verifyPayment', { paymentId: info.paymentId, signature }, (name, payload) => (name === 'paymentVerified' && (payload as ServerEventPayload<'paymentVerified'>).paymentId === info.paymentId ? (payload as ServerEventPayload<'paymentVerified'>) : undefined), ANSWER_MS),
    );
    if (answer.success) break;
    if (!answer.retryable || attempt >= MAX_TRIES) throw new Error(`verifyPayment ${info.paymentId} refused: ${answer.code ?? ''} ${answer.message}`);
    await sleep(300);
  }

  record.doing.set(player.name, 'joining');
  const outcome = await joinAndPlay(player, connection, deps, info.paymentId);
  // A stake whose join answer a kill swallowed has no session we know of: counted per payment.
  record.saw(outcome.seen, outcome.sessionId ?? info.paymentId);
  record.seenByPayment.set(info.paymentId, outcome.seen);
  if (outcome.seen === 'won' && outcome.sessionId) deps.won(outcome.sessionId, player);
}

async function joinAndPlay(player: StormPlayer, connection: ChaosConnection, deps: StormDeps, paymentId: string): Promise<{ seen: SeenOutcome; sessionId: string | null }> {
  const mine = (state: GameState) => state.player1Wallet === player.address || state.player2Wallet === player.address;
  const join = { selectedCharacter: GHOST, betAmount: STAKE_TIER, walletAddress: player.address, verified: true, paymentId };
  let dropped = false;
  for (let attempt = 1; attempt <= MAX_TRIES; attempt += 1) {
    let answer: { state: GameState } | { refused: Refusal };
    try {
      answer = await connection.ask(
        'joinGame',
        join,
        (name, payload) => (name === 'gameState' && mine(payload as GameState) && ['waiting', 'intro'].includes((payload as GameState).phase) ? { state: payload as GameState } : refusalTo('joinGame')(name, payload)),
        ANSWER_MS,
      );
    } catch (error) {
      if (!isTransient(error)) throw error;
      // The join may have bound the stake to a game that the kill then cut short.
      dropped = true;
      continue;
    }
    if ('state' in answer) return { seen: await playGame(player, connection, answer.state, deps), sessionId: answer.state.sessionId };
    const { code, message } = answer.refused;
    // The stake was bound before the answer was lost: the game it paid for was settled at restart.
    if (dropped && (code === 'PAYMENT_INVALID' || code === 'PAYMENT_REQUIRED')) return { seen: 'lost-reply', sessionId: null };
    if (code !== 'ALREADY_IN_GAME') throw new Error(`joinGame refused: ${code ?? ''} ${message}`);
    // A join answered too late for us but seated: take that game back.
    const seated = await activeGame(connection, player);
    if (seated && !seated.gameOver) return { seen: await playGame(player, connection, seated, deps), sessionId: seated.sessionId };
    await sleep(500);
  }
  throw new Error(`joinGame: no seat after ${MAX_TRIES} tries`);
}
