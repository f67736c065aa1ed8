// Writing to the chain: sendTransaction, simulateTransaction, and requestAirdrop (a real,
// signed transfer from the faucet, so it lands in the history like any payment).
import {
  appendTransactionMessageInstruction,
  createTransactionMessage,
  getTransactionEncoder,
  lamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type Address,
  type Blockhash,
} from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';
import { accountView, formatAccount, readAccount, type AccountJson } from '../account-format';
import { RPC_ERROR, RpcError, invalidParams } from '../rpc-errors';
import { decodeWire, sendWire } from '../submit';
import { parsedInnerInstructions } from '../transaction-format';
import { decodeTransaction } from '../wire-transaction';
import { checkMinContextSlot, configAt, optionalBoolean, optionalChoice, paramsArray, requireAddress, toU64 } from '../validate';
import { withContext, type RpcContext, type RpcMethodTable } from './context';

const WIRE_ENCODINGS = ['base58', 'base64'] as const;

export const transactionMethods: RpcMethodTable = {
  sendTransaction: (params, ctx) => {
    const list = paramsArray(params, 2);
    const config = configAt(list, 1);
    const wire = decodeWire(list[0], optionalChoice(config, 'encoding', WIRE_ENCODINGS, 'base58'));
    checkMinContextSlot(config, ctx.chain.clock.head.slot);
    return sendWire(ctx.chain, wire, optionalBoolean(config, 'skipPreflight', false));
  },

  simulateTransaction: (params, ctx) => {
    const list = paramsArray(params, 2);
    const config = configAt(list, 1);
    const { tx } = decodeWire(list[0], optionalChoice(config, 'encoding', WIRE_ENCODINGS, 'base58'));
    checkMinContextSlot(config, ctx.chain.clock.head.slot);
    const sigVerify = optionalBoolean(config, 'sigVerify', false);
    const replaceRecentBlockhash = optionalBoolean(config, 'replaceRecentBlockhash', false);
    if (sigVerify && replaceRecentBlockhash) throw invalidParams('sigVerify may not be used with replaceRecentBlockhash');
    const requested = requestedAccounts(config.accounts);
    const { clock } = ctx.chain;
    // The runtime never checks blockhashes here (see genesis.ts), so replaceRecentBlockhash
    // only has to skip our own window check and report the blockhash that "replaced" it.
    const report =
      replaceRecentBlockhash || clock.isBlockhashValid(tx.message.lifetimeToken)
        ? ctx.chain.simulate(tx, sigVerify)
        : { err: 'BlockhashNotFound' as const, accountKeys: tx.message.staticAccounts, logs: [], unitsConsumed: 0n, returnData: null, innerInstructions: [], postAccounts: [] };
    // With sigVerify a bad signature is an error, as on a validator, not a simulation result.
    if (sigVerify && report.err === 'SignatureFailure') {
      throw new RpcError(RPC_ERROR.TRANSACTION_SIGNATURE_VERIFICATION_FAILURE, 'Transaction signature verification failure');
    }
    let accounts: (AccountJson | null)[] | null = null;
    if (requested) {
      const view = accountView(requested.config, 'base64');
      // The state the transaction would leave behind; accounts it does not touch as they are.
      accounts = requested.addresses.map((address) => {
        const post = report.postAccounts.find((account) => account.address === address);
        return post ? formatAccount(post, view) : readAccount(ctx.chain.runtime, address, view);
      });
    }
    return withContext(ctx, {
      err: report.err,
      logs: report.logs,
      accounts,
      unitsConsumed: report.unitsConsumed,
      returnData: report.returnData ? { programId: report.returnData.programId, data: [report.returnData.data, 'base64'] } : null,
      innerInstructions: optionalBoolean(config, 'innerInstructions', false) ? parsedInnerInstructions(report.accountKeys, report.innerInstructions) : null,
      replacementBlockhash: replaceRecentBlockhash ? { blockhash: clock.head.blockhash, lastValidBlockHeight: clock.lastValidBlockHeight } : null,
    });
  },

  requestAirdrop: async (params, ctx) => {
    const list = paramsArray(params, 3);
    const recipient = requireAddress(list[0]);
    const amount = toU64(list[1], 'lamports');
    if (amount === 0n) throw invalidParams('Invalid params: lamports must be greater than zero');
    configAt(list, 2);
    return airdrop(ctx, recipient, amount);
  },
};

/** simulateTransaction's `accounts: { addresses, encoding }`, validated. */
function requestedAccounts(value: unknown): { addresses: string[]; config: Record<string, unknown> } | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'object' || Array.isArray(value)) throw invalidParams('Invalid params: accounts must be { addresses, encoding }');
  const config = value as Record<string, unknown>;
  if (!Array.isArray(config.addresses)) throw invalidParams('Invalid params: accounts.addresses must be an array');
  return { addresses: config.addresses.map(requireAddress), config };
}

/**
 * A legacy transfer signed by the faucet, sent with preflight so that an airdrop which cannot
 * land (for example below the rent-exempt minimum for a new account) is refused at once.
 */
async function airdrop(ctx: RpcContext, recipient: string, amount: bigint): Promise<string> {
  const faucet = await ctx.faucet();
  const { clock } = ctx.chain;
  const signed = await pipe(
    createTransactionMessage({ version: 'legacy' }),
    (message) => setTransactionMessageFeePayerSigner(faucet, message),
    (message) => setTransactionMessageLifetimeUsingBlockhash({ blockhash: clock.head.blockhash as Blockhash, lastValidBlockHeight: BigInt(clock.lastValidBlockHeight) }, message),
    (message) => appendTransactionMessageInstruction(getTransferSolInstruction({ source: faucet, destination: recipient as Address, amount: lamports(amount) }), message),
    (message) => signTransactionMessageWithSigners(message),
  );
  const wire = new Uint8Array(getTransactionEncoder().encode(signed));
  return sendWire(ctx.chain, { wire, tx: decodeTransaction(wire) }, false);
}
