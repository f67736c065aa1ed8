// One signed sign-in: generate-message, the wallet signs with
// solana:signIn or solana:signMessage, and the fields signin and signup take. Either way the
// server checks the signature against the message it stored for the nonce.
import type { SignInInput, SigninBody } from '@duel-dojo/protocol';
import { ApiError } from '../../net/http';
import { reasonOf } from '../../net/reason-of';
import type { SignInOutput } from '../wallet/wallet-connection';
import { AuthFailure, failure, signFailedMessage } from './auth-errors';
import { signInMethodOf } from './sign-in-method';

export interface SigningApi {
  generateMessage(walletAddress: string): Promise<{ message: string; nonce: string; input: SignInInput }>;
}

export interface SigningWallet {
  readonly current: { readonly wallet: { readonly features: object } } | null;
  signMessage(message: Uint8Array): Promise<Uint8Array | null>;
  signIn(input: SignInInput): Promise<SignInOutput | null>;
}

/** What signup and signin take from the signing step (the protocol's signin body). */
export type SignedFields = SigninBody;

/** The signed bytes as the text the server stored; a BOM is kept, so different bytes stay different. */
const utf8 = new TextDecoder('utf-8', { ignoreBOM: true });

export async function signedFields(api: SigningApi, wallet: SigningWallet, walletAddress: string, walletType: string): Promise<SignedFields> {
  const method = wallet.current ? signInMethodOf(wallet.current.wallet.features) : null;
  if (!method) throw await failure('WALLET_CANNOT_SIGN');
  let issued: { message: string; nonce: string; input: SignInInput };
  try {
    issued = await api.generateMessage(walletAddress);
  } catch (error) {
    // The page's address is not one the server signs in for: its answer says which and why.
    if (error instanceof ApiError && error.code === 'ORIGIN_NOT_ALLOWED' && error.serverMessage) throw new AuthFailure(error.serverMessage);
    throw await failure('AUTH_MESSAGE_FAILED');
  }

  let signed: { message: string; signature: Uint8Array | null };
  try {
    if (method === 'solana:signIn') {
      const output = await wallet.signIn(issued.input);
      if (output && output.address !== walletAddress) throw new Error('The wallet signed in with another account than the one connected');
      signed = { message: output ? utf8.decode(output.signedMessage) : issued.message, signature: output?.signature ?? null };
    } else {
      signed = { message: issued.message, signature: await wallet.signMessage(new TextEncoder().encode(issued.message)) };
    }
  } catch (error) {
    throw new AuthFailure(await signFailedMessage(reasonOf(error)));
  }
  if (!signed.signature || signed.signature.length === 0) throw await failure('NO_WALLET_SIGNATURE');
  return { walletAddress, walletType, signature: JSON.stringify(Array.from(signed.signature)), message: signed.message, nonce: issued.nonce };
}
