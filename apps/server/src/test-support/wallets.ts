// Real ed25519 wallets for tests, made with @solana/kit, and the HTTP sign-in flow a client runs.
import { generateKeyPair, getAddressFromPublicKey, getBase58Decoder, signBytes } from '@solana/kit';

export interface TestWallet {
  readonly address: string;
  sign(message: string): Promise<Uint8Array>;
}

export async function createTestWallet(): Promise<TestWallet> {
  const pair = await generateKeyPair();
  const address = await getAddressFromPublicKey(pair.publicKey);
  return {
    address,
    sign: async (message) => new Uint8Array(await signBytes(pair.privateKey, new TextEncoder().encode(message))),
  };
}

/** The protocol's encoding of a signature: its bytes as a JSON array in a string. */
export const signatureAsByteString = (signature: Uint8Array): string => JSON.stringify(Array.from(signature));
export const signatureAsBase58 = (signature: Uint8Array): string => getBase58Decoder().decode(signature);

export interface JsonAnswer<T = Record<string, unknown>> {
  status: number;
  body: T;
}

export async function postJson<T = Record<string, unknown>>(url: string, body: unknown, headers: Record<string, string> = {}): Promise<JsonAnswer<T>> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as T };
}

export async function getJson<T = Record<string, unknown>>(url: string, headers: Record<string, string> = {}): Promise<JsonAnswer<T>> {
  const response = await fetch(url, { headers });
  return { status: response.status, body: (await response.json()) as T };
}

export interface SignedFields {
  walletAddress: string;
  walletType: string;
  signature: string;
  message: string;
  nonce: string;
}

/** generate-message, then the wallet signs: the fields signup and signin take. */
export async function signedFields(baseUrl: string, wallet: TestWallet): Promise<SignedFields> {
  const issued = await postJson<{ message: string; nonce: string }>(`${baseUrl}/api/auth/generate-message`, { walletAddress: wallet.address });
  if (issued.status !== 200) throw new Error(`generate-message answered ${issued.status}`);
  const signature = await wallet.sign(issued.body.message);
  return { walletAddress: wallet.address, walletType: 'Test Wallet', signature: signatureAsByteString(signature), message: issued.body.message, nonce: issued.body.nonce };
}

/** Signs up a new player and returns the token and user the server answered. */
export async function signUpPlayer(baseUrl: string, wallet: TestWallet, username: string, referralCode: string | null = null) {
  const fields = await signedFields(baseUrl, wallet);
  const answer = await postJson<{ token: string; user: { _id: string; referralCode: string; username: string } }>(`${baseUrl}/api/auth/signup`, {
    ...fields,
    username,
    referralCode,
    source: 'organic',
  });
  if (answer.status !== 200) throw new Error(`signup answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body;
}
