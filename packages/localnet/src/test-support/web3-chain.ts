// Shared by the tests that look at the chain from outside with @solana/web3.js v1, the client that
// wallets, Anchor and parts of Solana Explorer still use: a localnet on free ports with a
// Connection to it, funded key pairs, and v0 transactions sent and confirmed.
import {
  Connection,
  Keypair,
  LAMPORTS_PER_SOL,
  TransactionMessage,
  VersionedTransaction,
  type AddressLookupTableAccount,
  type TransactionInstruction,
} from '@solana/web3.js';
import { startLocalnet, type Localnet } from '../localnet';

export interface Web3Chain {
  localnet: Localnet;
  connection: Connection;
}

export async function startWeb3Chain(): Promise<Web3Chain> {
  const localnet = await startLocalnet({ port: 0, dataDir: null, blockIntervalMs: 50 });
  // The WebSocket is on its own free port, not web3.js's guess of the HTTP port + 1.
  const connection = new Connection(localnet.rpcUrl, { commitment: 'confirmed', wsEndpoint: localnet.wsUrl });
  return { localnet, connection };
}

/** A new key pair holding `lamports`, airdropped and confirmed. */
export async function fundedKeypair(connection: Connection, lamports = 2 * LAMPORTS_PER_SOL): Promise<Keypair> {
  const keypair = Keypair.generate();
  const signature = await connection.requestAirdrop(keypair.publicKey, lamports);
  const latest = await connection.getLatestBlockhash();
  await connection.confirmTransaction({ signature, ...latest });
  return keypair;
}

/** Sign, send and confirm a v0 transaction paid by the first signer; its signature and slot. */
export async function sendV0(
  connection: Connection,
  signers: Keypair[],
  instructions: TransactionInstruction[],
  lookupTables: AddressLookupTableAccount[] = [],
): Promise<{ signature: string; slot: number }> {
  const payer = signers[0] as Keypair;
  const latest = await connection.getLatestBlockhash();
  const message = new TransactionMessage({ payerKey: payer.publicKey, recentBlockhash: latest.blockhash, instructions }).compileToV0Message(lookupTables);
  const transaction = new VersionedTransaction(message);
  transaction.sign(signers);
  const signature = await connection.sendTransaction(transaction);
  const { value } = await connection.confirmTransaction({ signature, ...latest });
  if (value.err) throw new Error(`transaction failed: ${JSON.stringify(value.err)}`);
  const status = await connection.getSignatureStatus(signature);
  return { signature, slot: status.value?.slot as number };
}

/** Resolve once `predicate` holds for something a callback received, or fail after `timeoutMs`. */
export function collect<T>(timeoutMs = 5000): { seen: T[]; push: (value: T) => void; until: (predicate: (value: T) => boolean) => Promise<T> } {
  const seen: T[] = [];
  const waiters: { predicate: (value: T) => boolean; resolve: (value: T) => void }[] = [];
  return {
    seen,
    push(value) {
      seen.push(value);
      for (const waiter of [...waiters]) {
        if (waiter.predicate(value)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(value);
        }
      }
    },
    until(predicate) {
      const found = seen.find(predicate);
      if (found !== undefined) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no matching notification')), timeoutMs);
        waiters.push({
          predicate,
          resolve: (value) => {
            clearTimeout(timer);
            resolve(value);
          },
        });
      });
    },
  };
}

/**
 * Resolves once every subscription this connection asked for before the call is live on the
 * server: web3.js sends them in order on one socket and the server answers in order, so the first
 * notification of a root subscription made after them means they were all registered.
 */
export function subscriptionsLive(connection: Connection): Promise<void> {
  return new Promise((resolve) => {
    let done = false;
    const id = connection.onRootChange(() => {
      if (done) return;
      done = true;
      void connection.removeRootChangeListener(id).then(resolve);
    });
  });
}
