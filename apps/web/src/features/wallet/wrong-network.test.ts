// A transfer the wallet sent that our cluster never sees ends, after a short bound, in a hint
// about the wallet's network instead of the long confirmation wait.
import { describe, expect, it } from 'vitest';
import { scriptedChain, transactionWallet } from '../../test-support/transaction-wallet';
import { sendSol } from './transfer';
import { WrongNetworkError, wrongNetworkText } from './wrong-network';

const REQUEST = { to: 'So11111111111111111111111111111111111111112', lamports: 1_000n };
const LOCAL = { cluster: 'localnet' as const, rpcUrl: 'http://127.0.0.1:8899' };
const FAST = { notFoundMs: 60, intervalMs: 10 };

describe('the wrong-network hint', () => {
  it('tells the player the wallet may be on another network, that nothing moved here, and where to switch', async () => {
    const { connected } = transactionWallet(['solana:localnet', 'solana:mainnet'], ['signAndSend']);
    const started = Date.now();
    const failure = await sendSol(connected, scriptedChain(() => null), LOCAL, REQUEST, undefined, FAST).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(WrongNetworkError);
    expect(Date.now() - started).toBeLessThan(2_000);
    const message = (failure as Error).message;
    expect(message).toContain('your wallet may be set to another network');
    expect(message).toContain("No SOL moved on this app's local cluster.");
    expect(message).toContain("Switch your wallet's network to this app's local cluster (RPC http://127.0.0.1:8899) and try again.");
  });

  it('keeps waiting for a transfer our cluster has seen, however slow its confirmation', async () => {
    const { connected } = transactionWallet(['solana:localnet'], ['signAndSend']);
    let polls = 0;
    const chain = scriptedChain(() => (++polls < 12 ? { confirmationStatus: 'processed', err: null } : { confirmationStatus: 'confirmed', err: null }));
    await expect(sendSol(connected, chain, LOCAL, REQUEST, undefined, FAST)).resolves.toBeTypeOf('string');
    expect(polls).toBe(12);
  });

  it('names public clusters as wallets show them', () => {
    expect(wrongNetworkText({ cluster: 'devnet', rpcUrl: 'https://api.devnet.solana.com' }, 20_000)).toBe(
      'Your wallet sent the transaction, but Solana Devnet has not seen it after 20 s: your wallet may be set to another network. ' +
        "No SOL moved on Solana Devnet. Switch your wallet's network to Solana Devnet (RPC https://api.devnet.solana.com) and try again.",
    );
  });
});
