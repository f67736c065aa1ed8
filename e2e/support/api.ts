// A player made over HTTP, as another client would: Ed25519 keys from Node's WebCrypto, the
// signed sign-up. Used to have a referrer and a public profile.
const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

export function base58(bytes: Uint8Array): string {
  let value = 0n;
  for (const byte of bytes) value = value * 256n + BigInt(byte);
  let text = '';
  while (value > 0n) {
    text = ALPHABET[Number(value % 58n)] + text;
    value /= 58n;
  }
  for (const byte of bytes) {
    if (byte !== 0) break;
    text = `1${text}`;
  }
  return text;
}

export async function newAddress(): Promise<string> {
  const pair = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify'])) as CryptoKeyPair;
  return base58(new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey)));
}

export interface ApiPlayer {
  readonly address: string;
  readonly username: string;
  readonly referralCode: string;
  /** The session's bearer token. */
  readonly token: string;
}

async function post<T>(url: string, body: unknown): Promise<T> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const json = (await response.json()) as T;
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${JSON.stringify(json)}`);
  return json;
}

export async function signUpOverHttp(baseUrl: string, username: string): Promise<ApiPlayer> {
  const pair = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify'])) as CryptoKeyPair;
  const address = base58(new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey)));
  const issued = await post<{ message: string; nonce: string }>(`${baseUrl}/api/auth/generate-message`, { walletAddress: address });
  const signature = new Uint8Array(await crypto.subtle.sign('Ed25519', pair.privateKey, new TextEncoder().encode(issued.message)));
  const answer = await post<{ user: { referralCode: string }; token: string }>(`${baseUrl}/api/auth/signup`, {
    walletAddress: address,
    walletType: 'e2e',
    signature: JSON.stringify(Array.from(signature)),
    message: issued.message,
    nonce: issued.nonce,
    referralCode: null,
    username,
    source: 'organic',
  });
  return { address, username, referralCode: answer.user.referralCode, token: answer.token };
}

/** A short unique suffix for usernames (3–20 characters in all). */
export function unique(prefix: string): string {
  return `${prefix}_${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 36).toString(36)}`;
}
