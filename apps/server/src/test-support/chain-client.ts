// What the money tests do on a local chain, whichever way it runs (in-process: chain.ts; as a
// child process that can be stopped: chain-process.ts): players with real ed25519 keys that both
// sign in (TestWallet) and sign SOL transfers (KeyPairSigner), transfers signed and sent for
// real, balances read back, and a treasury key file of its own for the server.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  type Address,
  type Instruction,
  type KeyPairSigner,
  address,
  createSignerFromKeyPair,
  createSolanaRpc,
  generateKeyPair,
  lamports,
  signBytes,
  signature as toSignature,
} from '@solana/kit';
import { signTransaction, transferWithReferences } from '../adapters/chain/signed-transaction';
import { writeNewKeypairFile } from '../adapters/chain/treasury-keypair';
import type { Config } from '../config';
import type { TestWallet } from './wallets';

export interface ChainPlayer {
  readonly address: string;
  readonly signer: KeyPairSigner;
  /** The same key as a sign-in wallet (signUpPlayer). */
  readonly wallet: TestWallet;
}

export interface ChainClient {
  readonly rpc: ReturnType<typeof createSolanaRpc>;
  /** Configuration overrides pointing the server at this chain, with a treasury key file of its own. */
  readonly config: Pick<Config, 'cluster' | 'rpcUrl' | 'wsUrl' | 'treasuryKeypair'>;
  /** The treasury's signer: tests use it to build what no honest client could (docs/security.md 5). */
  readonly treasury: KeyPairSigner;
  player(fund?: bigint): Promise<ChainPlayer>;
  /** Signs with `payer` (and `extraSigners`), sends, and waits until confirmed; answers the signature. */
  send(payer: KeyPairSigner, instructions: Instruction[], options?: { skipPreflight?: boolean }): Promise<string>;
  /** Signs without sending: the signature of a transaction the chain has not seen. */
  sign(payer: KeyPairSigner, instructions: Instruction[]): Promise<{ signature: string; wire: string }>;
  sendWire(wire: string, options?: { skipPreflight?: boolean }): Promise<void>;
  waitConfirmed(signature: string): Promise<void>;
  balance(owner: string): Promise<bigint>;
}

export { transferWithReferences };

/** The test side of a local chain at `urls`, with a new treasury key file. */
export async function createChainClient(urls: { rpcUrl: string; wsUrl: string }): Promise<ChainClient> {
  const rpc = createSolanaRpc(urls.rpcUrl);
  const dir = await mkdtemp(join(tmpdir(), 'dd-treasury-'));
  const keyFile = join(dir, 'treasury.json');
  const treasury = await writeNewKeypairFile(keyFile);

  async function waitConfirmed(signature: string): Promise<void> {
    for (let attempt = 0; attempt < 400; attempt += 1) {
      const { value } = await rpc.getSignatureStatuses([toSignature(signature)]).send();
      const status = value[0];
      if (status && (status.confirmationStatus === 'confirmed' || status.confirmationStatus === 'finalized')) return;
      await sleep(25);
    }
    throw new Error(`${signature} did not confirm`);
  }

  async function sign(payer: KeyPairSigner, instructions: Instruction[]) {
    const { value: latest } = await rpc.getLatestBlockhash({ commitment: 'confirmed' }).send();
    const { signature, wire } = await signTransaction(payer, latest, instructions);
    return { signature: signature as string, wire: wire as string };
  }

  async function sendWire(wire: string, sendOptions: { skipPreflight?: boolean } = {}): Promise<void> {
    await rpc.sendTransaction(wire as Parameters<typeof rpc.sendTransaction>[0], { encoding: 'base64', skipPreflight: sendOptions.skipPreflight ?? false }).send();
  }

  return {
    rpc,
    config: { cluster: 'localnet', rpcUrl: urls.rpcUrl, wsUrl: urls.wsUrl, treasuryKeypair: keyFile },
    treasury,
    async player(fund = 2_000_000_000n) {
      const pair = await generateKeyPair();
      const signer = await createSignerFromKeyPair(pair);
      if (fund > 0n) {
        const airdrop = await (rpc as unknown as { requestAirdrop: (a: Address, l: bigint) => { send(): Promise<string> } }).requestAirdrop(signer.address, lamports(fund)).send();
        await waitConfirmed(airdrop);
      }
      const wallet: TestWallet = { address: signer.address, sign: async (message) => new Uint8Array(await signBytes(pair.privateKey, new TextEncoder().encode(message))) };
      return { address: signer.address, signer, wallet };
    },
    async send(payer, instructions, sendOptions = {}) {
      const { signature, wire } = await sign(payer, instructions);
      await sendWire(wire, sendOptions);
      await waitConfirmed(signature);
      return signature;
    },
    sign,
    sendWire,
    waitConfirmed,
    async balance(owner) {
      return (await rpc.getBalance(address(owner), { commitment: 'confirmed' }).send()).value;
    },
  };
}
