// The money side of a cluster test, as the chaos storm does it (chaos/storm-player.ts, claimer.ts,
// ledger-check-process.ts) but against nodes sharing PostgreSQL: a real stake transfer on the
// local chain verified by a node, a claim sent to a given node, and `npm run ledger:check` on the
// cluster's DATABASE_URL.
import { setTimeout as sleep } from 'node:timers/promises';
import type { ServerEventPayload } from '@duel-dojo/protocol';
import type { KeyPairSigner } from '@solana/kit';
import { connect } from '../game-server';
import { transferWithReferences } from '../chain-client';
import { type LedgerCheckRun, runLedgerCheck } from '../chaos/ledger-check-process';
import { sendStake } from '../chaos/stake-transfer';
import type { ClusterEnv } from './cluster-env';
import type { ClusterNode } from './cluster-node';
import type { ClusterPlayer, GamePlayer } from './cluster-player';

/** Asks the terms of `tier`, pays them on the chain, has the player's node verify it; answers the payment id. */
export async function payStake(env: ClusterEnv, player: GamePlayer, signer: KeyPairSigner, tier: string): Promise<string> {
  const terms = player.next('betInfo');
  player.emit('requestBetInfo', { betAmount: tier });
  const info = await terms;
  const { signature } = await sendStake(env.chain, signer, [transferWithReferences(signer, info.recipientWallet, BigInt(info.lamports), [info.reference])]);
  for (let attempt = 1; attempt <= 60; attempt += 1) {
    const verified = player.next('paymentVerified', (answer) => answer.paymentId === info.paymentId);
    player.emit('verifyPayment', { paymentId: info.paymentId, signature });
    const answer = await verified;
    if (answer.success) return info.paymentId;
    if (!answer.retryable) throw new Error(`verifyPayment ${info.paymentId} refused: ${answer.code ?? ''} ${answer.message}`);
    await sleep(300);
  }
  throw new Error(`verifyPayment ${info.paymentId}: still not visible`);
}

export type ClaimAnswer = ServerEventPayload<'claimRewardResult'>;

/**
 * claimReward on a connection of its own to `node`; the answers, in order. A PAYOUT_PENDING answer
 * (the transfer is on its way) is claimed again, as the web app does, until another answer comes.
 */
export async function claimOn(node: ClusterNode, player: ClusterPlayer, sessionId: string): Promise<ClaimAnswer[]> {
  const client = await connect(node.url, player.token);
  const answers: ClaimAnswer[] = [];
  try {
    for (let attempt = 1; attempt <= 60; attempt += 1) {
      const answer = client.next('claimRewardResult', (result) => result.sessionId === sessionId, 60_000);
      client.emit('claimReward', { sessionId, walletAddress: player.address });
      answers.push(await answer);
      if (answers.at(-1)?.code !== 'PAYOUT_PENDING') return answers;
      await sleep(500);
    }
    return answers;
  } finally {
    client.close();
  }
}

/** `npm run ledger:check` as an operator of the cluster runs it: the nodes' database, chain and treasury. */
export function runClusterLedgerCheck(env: ClusterEnv): Promise<LedgerCheckRun> {
  const environment = { dataDir: env.dataRoot, rpcUrl: env.chain.config.rpcUrl, wsUrl: env.chain.config.wsUrl, treasuryKeypair: env.chain.config.treasuryKeypair ?? '', jwtSecret: env.jwtSecret };
  return runLedgerCheck(environment, { DATABASE_URL: env.databaseUrl });
}
