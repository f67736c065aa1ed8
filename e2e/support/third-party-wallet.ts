// A wallet like the extensions players bring, not the project's dev wallet: registered in every
// page with the Wallet Standard's own `registerWallet` (@wallet-standard/wallet, bundled here for
// the page), announcing only solana:devnet and solana:mainnet, and offering standard:connect,
// solana:signMessage and solana:signTransaction, no solana:signAndSendTransaction. Like real
// wallets it refuses a chain it never announced. Its Ed25519 key is made in Node, so the test can
// fund it on the local chain and read its balance.
import { generateKeyPairSync } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { build } from 'esbuild';
import type { BrowserContext, Page } from 'playwright-core';
import { base58 } from './api';

export const THIRD_PARTY_WALLET_NAME = 'Faraway Wallet';
export const THIRD_PARTY_CHAINS = ['solana:devnet', 'solana:mainnet'] as const;

interface WalletSetup {
  readonly name: string;
  readonly address: string;
  readonly publicKey: number[];
  readonly privateJwk: JsonWebKey;
  readonly chains: readonly string[];
}

/** What the page asked of the wallet: each signing call with the chain it named (null: none). */
export interface WalletCall {
  readonly feature: string;
  readonly chain: string | null;
}

type Register = (wallet: unknown) => void;

/** Runs in the page before its scripts, after the bundle set `window.__registerWallet`. */
function announceWallet(setup: WalletSetup): void {
  const calls: { feature: string; chain: string | null }[] = [];
  const scope = window as unknown as { __registerWallet: Register; __thirdPartyWallet: { calls: typeof calls } };
  scope.__thirdPartyWallet = { calls };
  const keyPromise = crypto.subtle.importKey('jwk', setup.privateJwk, { name: 'Ed25519' }, false, ['sign']);
  const publicKey = new Uint8Array(setup.publicKey);
  const account = { address: setup.address, publicKey, chains: setup.chains, features: ['solana:signMessage', 'solana:signTransaction'] };
  const sign = async (bytes: Uint8Array) => new Uint8Array(await crypto.subtle.sign('Ed25519', await keyPromise, new Uint8Array(bytes)));
  const checkChain = (chain: string | undefined) => {
    if (chain !== undefined && !setup.chains.includes(chain)) throw new Error(`invalid chain ${chain}`);
  };
  // A wire transaction: compact-u16 signature count, the signatures, then the message whose
  // account keys list the signers first. Our signature goes in our key's slot.
  const signTransaction = async (transaction: Uint8Array) => {
    const count = transaction[0] ?? 0;
    if (count > 127) throw new Error('too many signatures');
    const message = transaction.slice(1 + 64 * count);
    const start = (message[0] ?? 0) & 0x80 ? 1 : 0;
    const keys = start + 3 + 1;
    let slot = -1;
    for (let index = 0; index < count; index += 1) {
      const key = message.slice(keys + 32 * index, keys + 32 * (index + 1));
      if (key.every((byte, at) => byte === publicKey[at])) slot = index;
    }
    if (slot < 0) throw new Error('the transaction is not signed by this account');
    const signed = new Uint8Array(transaction);
    signed.set(await sign(message), 1 + 64 * slot);
    return signed;
  };
  const wallet = {
    version: '1.0.0',
    name: setup.name,
    icon: 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHZpZXdCb3g9IjAgMCAxIDEiLz4=',
    chains: setup.chains,
    accounts: [account],
    features: {
      'standard:connect': { version: '1.0.0', connect: async () => ({ accounts: [account] }) },
      'standard:disconnect': { version: '1.0.0', disconnect: async () => undefined },
      'standard:events': { version: '1.0.0', on: () => () => undefined },
      'solana:signMessage': {
        version: '1.1.0',
        signMessage: async (...inputs: { message: Uint8Array }[]) =>
          Promise.all(inputs.map(async ({ message }) => ({ signedMessage: message, signature: await sign(message), signatureType: 'ed25519' }))),
      },
      'solana:signTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0],
        signTransaction: async (...inputs: { transaction: Uint8Array; chain?: string }[]) =>
          Promise.all(
            inputs.map(async ({ transaction, chain }) => {
              calls.push({ feature: 'solana:signTransaction', chain: chain ?? null });
              checkChain(chain);
              return { signedTransaction: await signTransaction(transaction) };
            }),
          ),
      },
    },
  };
  scope.__registerWallet(wallet);
}

let bundled: Promise<string> | null = null;

/** @wallet-standard/wallet as a script for the page, exposing its registerWallet. */
function registerWalletBundle(): Promise<string> {
  bundled ??= build({
    stdin: { contents: "import { registerWallet } from '@wallet-standard/wallet'; window.__registerWallet = registerWallet;", resolveDir: import.meta.dirname },
    bundle: true,
    format: 'iife',
    target: 'es2022',
    write: false,
  }).then((result) => result.outputFiles[0]?.text ?? '');
  return bundled;
}

/** Installs the wallet in every page of the context; answers its address. */
export async function installThirdPartyWallet(context: BrowserContext): Promise<string> {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const privateJwk = privateKey.export({ format: 'jwk' });
  const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x ?? '', 'base64url');
  const address = base58(new Uint8Array(raw));
  const setup: WalletSetup = { name: THIRD_PARTY_WALLET_NAME, address, publicKey: [...raw], privateJwk, chains: THIRD_PARTY_CHAINS };
  const content = `${await registerWalletBundle()}\n(${announceWallet.toString()})(${JSON.stringify(setup)});`;
  await context.addInitScript({ content });
  return address;
}

/** The signing calls the wallet answered in this page, oldest first. */
export function walletCalls(page: Page): Promise<WalletCall[]> {
  return page.evaluate(() => (window as unknown as { __thirdPartyWallet: { calls: WalletCall[] } }).__thirdPartyWallet.calls);
}

/** 2 SOL on the local chain from its faucet (the node's requestAirdrop), confirmed. */
export async function airdrop(rpcUrl: string, address: string, lamports = 2_000_000_000n): Promise<void> {
  const call = async (method: string, params: unknown[]) => {
    const response = await fetch(rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
    return ((await response.json()) as { result: unknown }).result;
  };
  const signature = (await call('requestAirdrop', [address, Number(lamports)])) as string;
  for (let tries = 0; tries < 60; tries += 1) {
    const statuses = (await call('getSignatureStatuses', [[signature]])) as { value: ({ confirmationStatus: string } | null)[] };
    const status = statuses.value[0]?.confirmationStatus;
    if (status === 'confirmed' || status === 'finalized') return;
    await sleep(250);
  }
  throw new Error(`the airdrop to ${address} was not confirmed`);
}
