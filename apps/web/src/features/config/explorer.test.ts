import { describe, expect, it } from 'vitest';
import { explorerTransactionUrl, walletChain } from './explorer';

describe('explorer links', () => {
  it('carry the cluster', () => {
    expect(explorerTransactionUrl('sig', 'devnet', 'https://api.devnet.solana.com')).toBe('https://explorer.solana.com/tx/sig?cluster=devnet');
    expect(explorerTransactionUrl('sig', 'mainnet-beta', 'https://api.mainnet-beta.solana.com')).toBe('https://explorer.solana.com/tx/sig?cluster=mainnet-beta');
    expect(explorerTransactionUrl('sig', 'localnet', 'http://127.0.0.1:8899')).toBe('https://explorer.solana.com/tx/sig?cluster=custom&customUrl=http%3A%2F%2F127.0.0.1%3A8899');
  });

  it('name the Wallet Standard chain of each cluster', () => {
    expect([walletChain('localnet'), walletChain('devnet'), walletChain('mainnet-beta')]).toEqual(['solana:localnet', 'solana:devnet', 'solana:mainnet']);
  });
});
