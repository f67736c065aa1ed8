// A browser wallet that offers solana:signIn and no solana:signMessage, injected into every page
// of a browser context the way an extension announces itself (the Wallet Standard's window
// events). Like Phantom, it writes the Sign In With Solana message from the page's input and
// refuses, without asking, an input whose domain is not the page's own host. Its key is made in
// Node and kept for the context, so a reload finds the same account.
import { generateKeyPairSync } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { base58 } from './api';

export const SIGN_IN_WALLET_NAME = 'Sign-In Wallet';

interface WalletSetup {
  readonly name: string;
  readonly address: string;
  readonly publicKey: number[];
  readonly privateJwk: JsonWebKey;
}

/** Runs in the page before its scripts; everything it uses is inside it. */
function announceWallet(setup: WalletSetup): void {
  type Input = Record<string, string | undefined>;
  const signed: string[] = [];
  (window as unknown as { __signInWallet: { signed: string[] } }).__signInWallet = { signed };
  const keyPromise = crypto.subtle.importKey('jwk', setup.privateJwk, { name: 'Ed25519' }, false, ['sign']);
  const account = {
    address: setup.address,
    publicKey: new Uint8Array(setup.publicKey),
    chains: ['solana:mainnet', 'solana:devnet', 'solana:testnet'],
    features: ['solana:signIn'],
  };
  // Wallet Standard's createSignInMessageText.
  const text = (input: Input): string => {
    let message = `${input.domain} wants you to sign in with your Solana account:\n${input.address}`;
    if (input.statement) message += `\n\n${input.statement}`;
    const labels: [string, string][] = [
      ['uri', 'URI'],
      ['version', 'Version'],
      ['chainId', 'Chain ID'],
      ['nonce', 'Nonce'],
      ['issuedAt', 'Issued At'],
      ['expirationTime', 'Expiration Time'],
      ['notBefore', 'Not Before'],
      ['requestId', 'Request ID'],
    ];
    const fields = labels.filter(([key]) => input[key]).map(([key, label]) => `${label}: ${input[key]}`);
    if (fields.length) message += `\n\n${fields.join('\n')}`;
    return message;
  };
  const wallet = {
    version: '1.0.0',
    name: setup.name,
    icon: 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHZpZXdCb3g9IjAgMCAxIDEiLz4=',
    chains: account.chains,
    accounts: [account],
    features: {
      'standard:connect': { version: '1.0.0', connect: async () => ({ accounts: [account] }) },
      'standard:disconnect': { version: '1.0.0', disconnect: async () => undefined },
      'standard:events': { version: '1.0.0', on: () => () => undefined },
      'solana:signIn': {
        version: '1.0.0',
        signIn: async (...inputs: Input[]) =>
          Promise.all(
            inputs.map(async (input) => {
              const domain = input.domain ?? window.location.host;
              if (domain !== window.location.host) throw new Error('Sign-in request domain does not match the requesting site');
              const message = text({ ...input, domain, address: input.address ?? account.address });
              signed.push(message);
              const signedMessage = new TextEncoder().encode(message);
              const signature = new Uint8Array(await crypto.subtle.sign('Ed25519', await keyPromise, signedMessage));
              return { account, signedMessage, signature, signatureType: 'ed25519' };
            }),
          ),
      },
    },
  };
  const register = ({ register }: { register: (wallet: unknown) => unknown }) => register(wallet);
  window.addEventListener('wallet-standard:app-ready', (event) => register((event as CustomEvent).detail));
  window.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: register }));
}

/** Installs the wallet in every page of the context; answers its address. */
export async function installSignInWallet(context: BrowserContext): Promise<string> {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const privateJwk = privateKey.export({ format: 'jwk' });
  const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x ?? '', 'base64url');
  const address = base58(new Uint8Array(raw));
  await context.addInitScript(announceWallet, { name: SIGN_IN_WALLET_NAME, address, publicKey: [...raw], privateJwk });
  return address;
}

/** The messages the wallet signed in this page, oldest first. */
export function signedByWallet(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __signInWallet: { signed: string[] } }).__signInWallet.signed);
}
