// docs/security.md 26, the client's side: a money answer pushed by the server (a claim paid, a stake
// refunded) is a hint. The app reads the wallet's balance again from the chain; it never adds
// the pushed amount to what it showed. (A skipped game version asks for the full state:
// duel-state.test.ts.)
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Protocol, loadProtocol } from '../../net/protocol';
import type { GameSocket } from '../../net/socket';
import { FakeGameSocket } from '../../test-support/fake-socket';
import { WALLET_1 } from '../../test-support/duel-events';
import { useCancelWaiting, useClaimInGame } from './use-game-requests';
import type { GameConnection } from './use-game-socket';

const SHOWN = 1_000_000_000n;
const BALANCE = ['balance', WALLET_1, 'http://rpc.test'] as const;

let protocol: Protocol;
beforeAll(async () => {
  protocol = await loadProtocol();
});

function setup(answer: (socket: FakeGameSocket) => void) {
  const socket = new FakeGameSocket();
  answer(socket);
  const queryClient = new QueryClient();
  queryClient.setQueryData(BALANCE, SHOWN);
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  const connection: GameConnection = { socket: socket as unknown as GameSocket, protocol };
  return { queryClient, wrapper, connection };
}

describe('money pushes are hints', () => {
  it('SECURITY 26: a paid claim makes the app read the balance again; the pushed amount is not added to it', async () => {
    const { queryClient, wrapper, connection } = setup((socket) =>
      socket.answers.set('claimReward', (_p, s) => s.receive('claimRewardResult', { success: true, message: 'Reward claimed', amount: '64666666', transactionSignature: '5'.repeat(88) })),
    );
    const { result } = renderHook(() => useClaimInGame(connection, WALLET_1), { wrapper });
    await act(() => result.current.claim('session-1'));
    expect(result.current.state.status).toBe('success');
    expect(queryClient.getQueryState(BALANCE)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryData(BALANCE)).toBe(SHOWN);
  });

  it('SECURITY 26: a refunded cancel makes the app read the balance again; a refused claim changes nothing', async () => {
    const refunded = setup((socket) =>
      socket.answers.set('cancelGame', (_p, s) => s.receive('cancelGameResult', { success: true, message: 'Game cancelled', transactionSignature: '4'.repeat(88) })),
    );
    const cancel = renderHook(() => useCancelWaiting(refunded.connection, WALLET_1), { wrapper: refunded.wrapper });
    await act(() => cancel.result.current.cancel('session-1', true));
    expect(refunded.queryClient.getQueryState(BALANCE)?.isInvalidated).toBe(true);
    expect(refunded.queryClient.getQueryData(BALANCE)).toBe(SHOWN);

    const refused = setup((socket) =>
      socket.answers.set('claimReward', (_p, s) => s.receive('claimRewardResult', { success: false, message: 'You are not the winner', code: 'NOT_THE_WINNER', amount: null, transactionSignature: null })),
    );
    const claim = renderHook(() => useClaimInGame(refused.connection, WALLET_1), { wrapper: refused.wrapper });
    await act(() => claim.result.current.claim('session-1'));
    expect(claim.result.current.state.status).toBe('error');
    expect(refused.queryClient.getQueryState(BALANCE)?.isInvalidated).toBe(false);
    expect(refused.queryClient.getQueryData(BALANCE)).toBe(SHOWN);
  });
});
