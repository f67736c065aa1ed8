// A paid stake needs a wallet connection: without one the payment is refused with the protocol's text.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { FakeServer } from '../../test-support/fake-server';
import { WalletConnection } from '../wallet/wallet-connection';
import { WalletConnectionContext } from '../wallet/wallet-context';
import { useStakePayment } from './use-stake-payment';

describe('a stake without a connection', () => {
  it('says "Wallet or connection not ready!"', async () => {
    new FakeServer().install();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={new QueryClient()}>
        <WalletConnectionContext.Provider value={new WalletConnection()}>{children}</WalletConnectionContext.Provider>
      </QueryClientProvider>
    );
    const { result } = renderHook(() => useStakePayment(null), { wrapper });
    await act(async () => {
      expect(await result.current.pay('5$', 33_333_333n)).toBeNull();
    });
    expect(result.current.state).toMatchObject({ phase: 'failed', betAmount: '5$', message: 'Wallet or connection not ready!' });
  });
});
