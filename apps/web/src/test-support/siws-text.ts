// The Sign In With Solana text a Wallet Standard wallet writes from a solana:signIn input (the
// format of @solana/wallet-standard-util's createSignInMessageText). The scripted server issues
// its messages in it and the scripted wallets sign it, as real ones do.
import type { SolanaSignInInput } from '@solana/wallet-standard-features';

export function signInMessageText(input: SolanaSignInInput): string {
  let message = `${input.domain ?? ''} wants you to sign in with your Solana account:\n${input.address ?? ''}`;
  if (input.statement) message += `\n\n${input.statement}`;
  const labelled: [string, string | undefined][] = [
    ['URI', input.uri],
    ['Version', input.version],
    ['Chain ID', input.chainId],
    ['Nonce', input.nonce],
    ['Issued At', input.issuedAt],
    ['Expiration Time', input.expirationTime],
    ['Not Before', input.notBefore],
    ['Request ID', input.requestId],
  ];
  const fields = labelled.filter(([, value]) => value).map(([label, value]) => `${label}: ${value}`);
  if (fields.length) message += `\n\n${fields.join('\n')}`;
  return message;
}
