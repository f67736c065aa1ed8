// Which Wallet Standard feature signs the player in. With solana:signIn the wallet writes the Sign
// In With Solana message itself from the server's fields, shows it as a sign-in and checks its
// domain against the page; solana:signMessage signs the server's text as it is. Some wallets
// offer only one of the two, so either will do, Sign In With Solana first.

export type SignInMethod = 'solana:signIn' | 'solana:signMessage';

/** The method for a wallet's features, or null when it offers neither ("Wallet does not support message signing"). */
export function signInMethodOf(features: object): SignInMethod | null {
  if ('solana:signIn' in features) return 'solana:signIn';
  if ('solana:signMessage' in features) return 'solana:signMessage';
  return null;
}
