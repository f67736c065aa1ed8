// The countdown ticks every 100 ms against the server clock; the wallet-less paid stake is refused.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RoundCountdown } from '../../components/round-countdown/round-countdown';
import { FakeServer } from '../../test-support/fake-server';
import { WalletConnection } from '../wallet/wallet-connection';
import { WalletConnectionContext } from '../wallet/wallet-context';
import { useCountdown } from './use-countdown';
import { useStakePayment } from './use-stake-payment';

afterEach(() => vi.useRealTimers());

describe('the round countdown', () => {
  it('re-reads the time every 100 ms, through the server clock offset', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const offset = { current: 2_000 };
    const { result } = renderHook(() => useCountdown(1_000_000 + 10_000, offset));
    expect(result.current?.msLeft).toBe(8_000);
    act(() => vi.advanceTimersByTime(100));
    expect(result.current?.msLeft).toBe(7_900);
    act(() => vi.advanceTimersByTime(5_900));
    expect(result.current).toMatchObject({ msLeft: 2_000, seconds: 2, state: 'warning' });
    act(() => vi.advanceTimersByTime(1_500));
    expect(result.current).toMatchObject({ seconds: 1, state: 'danger' });
  });

  it('starts the next round from the time now, not from the last tick of the round before', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const offset = { current: 0 };
    const { result, rerender } = renderHook(({ endTime }: { endTime: number | null }) => useCountdown(endTime, offset), { initialProps: { endTime: 1_010_000 as number | null } });
    act(() => vi.advanceTimersByTime(10_000));
    rerender({ endTime: null });
    // The results are on screen for 4 s: no tick meanwhile.
    act(() => vi.advanceTimersByTime(4_000));
    rerender({ endTime: 1_024_000 });
    expect(result.current).toMatchObject({ msLeft: 10_000, seconds: 10 });
  });

  it('shows "ROUND n", the seconds and the bar in the state\'s colour', () => {
    const { container } = render(<RoundCountdown round={4} seconds={3} percent={30} state="warning" />);
    expect(screen.getByText('ROUND 4')).toBeTruthy();
    expect(screen.getByLabelText('3 seconds left')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Time left' }).getAttribute('aria-valuenow')).toBe('30');
    expect(container.firstElementChild?.getAttribute('data-state')).toBe('warning');
  });
});

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
