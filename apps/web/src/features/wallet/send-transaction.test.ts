// Which wallet feature pays, on which chain, and where the bytes go, by what the wallet announces.
import { describe, expect, it } from 'vitest';
import { getBase58Decoder } from '@solana/kit';
import { WALLET_SIGNATURE_BYTES, scriptedChain, transactionWallet } from '../../test-support/transaction-wallet';
import { sendWalletTransaction } from './send-transaction';
import { buildTransfer } from './transfer';

const TREASURY = 'So11111111111111111111111111111111111111112';

async function transferBytes(from: string) {
  return (await buildTransfer(scriptedChain(), from, { to: TREASURY, lamports: 1_000n })).bytes;
}

describe('sendWalletTransaction', () => {
  it('lets a wallet that announces our cluster sign and send there itself', async () => {
    const { connected, calls } = transactionWallet(['solana:localnet', 'solana:devnet'], ['signAndSend', 'sign']);
    const chain = scriptedChain();
    const sent = await sendWalletTransaction(connected, chain.rpc, 'localnet', await transferBytes(connected.address));
    expect(sent).toEqual({ signature: getBase58Decoder().decode(WALLET_SIGNATURE_BYTES), sentBy: 'wallet' });
    expect(calls).toEqual([{ feature: 'solana:signAndSendTransaction', chain: 'solana:localnet' }]);
    expect(chain.sent).toEqual([]);
  });

  it('asks a wallet that does not announce our cluster only to sign, naming no chain, and sends through our RPC', async () => {
    const { connected, calls } = transactionWallet(['solana:devnet', 'solana:mainnet'], ['signAndSend', 'sign']);
    const chain = scriptedChain();
    const bytes = await transferBytes(connected.address);
    expect(await sendWalletTransaction(connected, chain.rpc, 'localnet', bytes)).toEqual({ signature: 'app-sent-signature', sentBy: 'app' });
    expect(calls).toEqual([{ feature: 'solana:signTransaction', chain: undefined }]);
    expect(chain.sent).toEqual([Buffer.from(bytes).toString('base64')]);
  });

  it('signs on our cluster and sends through our RPC when the wallet announces it but cannot send', async () => {
    const { connected, calls } = transactionWallet(['solana:devnet'], ['sign']);
    const chain = scriptedChain();
    expect(await sendWalletTransaction(connected, chain.rpc, 'devnet', await transferBytes(connected.address))).toMatchObject({ sentBy: 'app' });
    expect(calls).toEqual([{ feature: 'solana:signTransaction', chain: 'solana:devnet' }]);
    expect(chain.sent).toHaveLength(1);
  });

  it('names mainnet as the wallets do', async () => {
    const { connected, calls } = transactionWallet(['solana:mainnet'], ['signAndSend']);
    await sendWalletTransaction(connected, scriptedChain().rpc, 'mainnet-beta', await transferBytes(connected.address));
    expect(calls).toEqual([{ feature: 'solana:signAndSendTransaction', chain: 'solana:mainnet' }]);
  });

  it('says why a wallet that can only send on other chains cannot pay, without asking it', async () => {
    const { connected, calls } = transactionWallet(['solana:devnet', 'solana:mainnet'], ['signAndSend']);
    await expect(sendWalletTransaction(connected, scriptedChain().rpc, 'localnet', await transferBytes(connected.address))).rejects.toThrow(
      'Test Wallet cannot pay on solana:localnet: it announces solana:devnet, solana:mainnet and cannot sign a transaction for this app to send. Use another wallet.',
    );
    expect(calls).toEqual([]);
  });

  it('says so when the wallet cannot sign transactions at all', async () => {
    const { connected } = transactionWallet(['solana:localnet'], []);
    await expect(sendWalletTransaction(connected, scriptedChain().rpc, 'localnet', await transferBytes(connected.address))).rejects.toThrow(/cannot sign a transaction/);
  });
});
