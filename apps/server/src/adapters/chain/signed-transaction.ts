// A transfer as the ledger's chain adapter builds it (and as the money tests and the chain
// benchmark build theirs, the way a wallet does): a system transfer that names the payment's
// references as read-only accounts (how a payment is found on chain, Solana Pay style), in a
// version-0 message that `payer` pays for and signs under a recent blockhash, ready to send.
import { getTransferSolInstruction } from '@solana-program/system';
import {
  AccountRole,
  type Address,
  type Base64EncodedWireTransaction,
  type Instruction,
  type KeyPairSigner,
  type Signature,
  address,
  appendTransactionMessageInstructions,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  lamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit';

/** A recent blockhash and the last block height at which a transaction under it can land. */
export type BlockhashLifetime = Parameters<typeof setTransactionMessageLifetimeUsingBlockhash>[0];

/** A system transfer that also names `references` as read-only accounts (Solana Pay style). */
export function transferWithReferences(source: KeyPairSigner, destination: string, amount: bigint, references: readonly string[] = []): Instruction {
  const transfer = getTransferSolInstruction({ source, destination: address(destination), amount: lamports(amount) });
  return { ...transfer, accounts: [...transfer.accounts, ...references.map((reference) => ({ address: address(reference) as Address, role: AccountRole.READONLY }))] };
}

/** `instructions` paid for by `payer`, signed by it (and any signer they name), under `latest`. */
export async function signTransaction(payer: KeyPairSigner, latest: BlockhashLifetime, instructions: readonly Instruction[]): Promise<{ signature: Signature; wire: Base64EncodedWireTransaction }> {
  const signed = await pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(payer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(latest, m),
    (m) => appendTransactionMessageInstructions(instructions, m),
    (m) => signTransactionMessageWithSigners(m),
  );
  return { signature: getSignatureFromTransaction(signed), wire: getBase64EncodedWireTransaction(signed) };
}
