// A phone wallet that pays a Solana Pay transfer request (https://docs.solanapay.com/spec) read
// from the page, as a wallet app scanning its QR code would: a key of its own (not the player's),
// funded on the local chain, one system transfer of the URL's amount to its recipient carrying its
// reference as a read-only account, built and sent with @solana/kit. The page learns of it only
// through the request's reference.
import { setTimeout as sleep } from 'node:timers/promises';
import { getTransferSolInstruction } from '@solana-program/system';
import {
  AccountRole,
  type Address,
  address,
  appendTransactionMessageInstructions,
  createSolanaRpc,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  lamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit';
import { airdrop } from './third-party-wallet';

export interface TransferRequest {
  readonly recipient: string;
  readonly lamports: bigint;
  readonly references: readonly string[];
  readonly label: string | null;
  readonly message: string | null;
}

/** Solana Pay's decimal SOL amount as exact lamports (no float). */
function lamportsOf(amount: string): bigint {
  const [whole = '0', fraction = ''] = amount.split('.');
  if (!/^\d+$/.test(whole) || !/^\d{0,9}$/.test(fraction)) throw new Error(`not a SOL amount: ${amount}`);
  return BigInt(whole) * 1_000_000_000n + BigInt(fraction.padEnd(9, '0'));
}

/** `solana:<recipient>?amount=…&reference=…&label=…&message=…`, as a wallet reads it. */
export function parseTransferRequest(url: string): TransferRequest {
  const parsed = new URL(url);
  if (parsed.protocol !== 'solana:') throw new Error(`not a Solana Pay URL: ${url}`);
  const amount = parsed.searchParams.get('amount');
  if (amount === null) throw new Error('a transfer request without an amount');
  return {
    recipient: decodeURIComponent(parsed.pathname),
    lamports: lamportsOf(amount),
    references: parsed.searchParams.getAll('reference'),
    label: parsed.searchParams.get('label'),
    message: parsed.searchParams.get('message'),
  };
}

export interface PhoneWallet {
  readonly address: string;
  /** Pays the request and waits until it is confirmed; answers the signature. */
  pay(url: string): Promise<string>;
}

export async function phoneWallet(rpcUrl: string, fund = 2_000_000_000n): Promise<PhoneWallet> {
  const rpc = createSolanaRpc(rpcUrl);
  const signer = await generateKeyPairSigner();
  await airdrop(rpcUrl, signer.address, fund);
  return {
    address: signer.address,
    async pay(url) {
      const request = parseTransferRequest(url);
      const transfer = getTransferSolInstruction({ source: signer, destination: address(request.recipient), amount: lamports(request.lamports) });
      const instruction = { ...transfer, accounts: [...transfer.accounts, ...request.references.map((reference) => ({ address: address(reference) as Address, role: AccountRole.READONLY }))] };
      const { value: latest } = await rpc.getLatestBlockhash({ commitment: 'confirmed' }).send();
      const signed = await pipe(
        createTransactionMessage({ version: 0 }),
        (m) => setTransactionMessageFeePayerSigner(signer, m),
        (m) => setTransactionMessageLifetimeUsingBlockhash(latest, m),
        (m) => appendTransactionMessageInstructions([instruction], m),
        (m) => signTransactionMessageWithSigners(m),
      );
      const signature = getSignatureFromTransaction(signed);
      await rpc.sendTransaction(getBase64EncodedWireTransaction(signed), { encoding: 'base64' }).send();
      for (let tries = 0; tries < 200; tries += 1) {
        const { value } = await rpc.getSignatureStatuses([signature]).send();
        const status = value[0]?.confirmationStatus;
        if (status === 'confirmed' || status === 'finalized') return signature;
        await sleep(100);
      }
      throw new Error(`the phone's transfer ${signature} was not confirmed`);
    },
  };
}
