// Sign In With Solana (the ABNF of EIP-4361 with a Solana address), the ecosystem's convention:
// wallets show the domain, statement and expiry to the player in a readable form. The text is
// byte for byte what a wallet offering `solana:signIn` writes from these fields as its input
// (Wallet Standard's createSignInMessageText: every field present, none of the optional others),
// so both ways of signing sign exactly the message the server stored.

export const SIGN_IN_STATEMENT = 'Sign in to Duel Dojo. This request will not trigger a blockchain transaction or cost any fees.';
export const SIGN_IN_VERSION = '1';

export interface SignInFields {
  readonly domain: string;
  readonly address: string;
  readonly statement: string;
  readonly uri: string;
  readonly version: string;
  readonly chainId: string;
  readonly nonce: string;
  readonly issuedAt: string;
  readonly expirationTime: string;
}

export function buildSignInMessage(f: SignInFields): string {
  return [
    `${f.domain} wants you to sign in with your Solana account:`,
    f.address,
    '',
    f.statement,
    '',
    `URI: ${f.uri}`,
    `Version: ${f.version}`,
    `Chain ID: ${f.chainId}`,
    `Nonce: ${f.nonce}`,
    `Issued At: ${f.issuedAt}`,
    `Expiration Time: ${f.expirationTime}`,
  ].join('\n');
}

const FIELD_LINES = [
  ['uri', 'URI'],
  ['version', 'Version'],
  ['chainId', 'Chain ID'],
  ['nonce', 'Nonce'],
  ['issuedAt', 'Issued At'],
  ['expirationTime', 'Expiration Time'],
] as const;

/** Reads a message back; null when it is not exactly the shape buildSignInMessage writes. */
export function parseSignInMessage(text: string): SignInFields | null {
  const lines = text.split('\n');
  if (lines.length !== 11 || lines[2] !== '' || lines[4] !== '') return null;
  const header = /^(.+) wants you to sign in with your Solana account:$/.exec(lines[0] ?? '');
  if (!header?.[1]) return null;
  const fields: Record<string, string> = {
    domain: header[1],
    address: lines[1] ?? '',
    statement: lines[3] ?? '',
  };
  for (const [index, [key, label]] of FIELD_LINES.entries()) {
    const line = lines[5 + index] ?? '';
    const prefix = `${label}: `;
    if (!line.startsWith(prefix)) return null;
    fields[key] = line.slice(prefix.length);
  }
  return fields as unknown as SignInFields;
}
