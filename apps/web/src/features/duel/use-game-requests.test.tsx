// Claim, cancel and the bot over the socket, with the protocol's in-game messages.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Protocol, loadProtocol } from '../../net/protocol';
import type { GameSocket } from '../../net/socket';
import { FakeGameSocket } from '../../test-support/fake-socket';
import { WALLET_1 } from '../../test-support/duel-events';
import { useCancelWaiting, useClaimInGame, usePlayWithBot } from './use-game-requests';
import type { GameConnection } from './use-game-socket';

let protocol: Protocol;
beforeAll(async () => {
  protocol = await loadProtocol();
});

function connected(answer: (socket: FakeGameSocket) => void): GameConnection {
  const socket = new FakeGameSocket();
  answer(socket);
  return { socket: socket as unknown as GameSocket, protocol };
}

const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>;

describe('game requests', () => {
  it('claims the reward and reports the amount and signature', async () => {
    const connection = connected((socket) =>
      socket.answers.set('claimReward', (_p, s) => s.receive('claimRewardResult', { success: true, message: 'Reward claimed', amount: '64666666', transactionSignature: '5'.repeat(88) })),
    );
    const { result } = renderHook(() => useClaimInGame(connection, WALLET_1), { wrapper });
    await act(() => result.current.claim('session-1'));
    expect(result.current.state).toEqual({ status: 'success', value: { amount: 64_666_666n, transactionSignature: '5'.repeat(88), message: 'Reward claimed' } });
  });

  it.each([
    ['a refusal without a message', { success: false, message: '', amount: null, transactionSignature: null }, 'Failed to claim reward'],
    ['a refusal', { success: false, message: 'No active game session found', code: 'NO_ACTIVE_GAME', amount: null, transactionSignature: null }, 'No active game session found'],
  ])('shows %s', async (_case, answer, message) => {
    const connection = connected((socket) => socket.answers.set('claimReward', (_p, s) => s.receive('claimRewardResult', answer)));
    const { result } = renderHook(() => useClaimInGame(connection, WALLET_1), { wrapper });
    await act(() => result.current.claim('session-1'));
    expect(result.current.state).toEqual({ status: 'error', message });
  });

  it('needs a wallet to claim or cancel a staked game', async () => {
    const connection = connected(() => undefined);
    const claim = renderHook(() => useClaimInGame(connection, null), { wrapper });
    await act(() => claim.result.current.claim('session-1'));
    expect(claim.result.current.state).toEqual({ status: 'error', message: 'Wallet not connected' });
    const cancel = renderHook(() => useCancelWaiting(connection, null), { wrapper });
    await act(() => cancel.result.current.cancel('session-1', true));
    expect(cancel.result.current.state).toEqual({ status: 'error', message: 'Wallet not connected' });
  });

  it('cancels with a refund, and says "Failed to cancel game" when refused without a reason', async () => {
    const refunded = connected((socket) =>
      socket.answers.set('cancelGame', (_p, s) => s.receive('cancelGameResult', { success: true, message: 'Game cancelled', transactionSignature: '4'.repeat(88) })),
    );
    const ok = renderHook(() => useCancelWaiting(refunded, WALLET_1), { wrapper });
    await act(() => ok.result.current.cancel('session-1', true));
    expect(ok.result.current.state).toEqual({ status: 'success', value: { message: 'Game cancelled', transactionSignature: '4'.repeat(88) } });

    const refused = connected((socket) => socket.answers.set('cancelGame', (_p, s) => s.receive('cancelGameResult', { success: false, message: '', transactionSignature: null })));
    const failed = renderHook(() => useCancelWaiting(refused, WALLET_1), { wrapper });
    await act(() => failed.result.current.cancel('session-1', true));
    expect(failed.result.current.state).toEqual({ status: 'error', message: 'Failed to cancel game' });
  });

  it('a guest cancels a free game by leaving it', async () => {
    const socket = new FakeGameSocket();
    const { result } = renderHook(() => useCancelWaiting({ socket: socket as unknown as GameSocket, protocol }, null), { wrapper });
    await act(() => result.current.cancel('session-1', false));
    expect(socket.sentOf('resetGame')).toHaveLength(1);
    expect(result.current.state.status).toBe('success');
  });

  it('says "Failed to add bot to game" when the bot cannot join', async () => {
    const connection = connected((socket) => socket.answers.set('playWithBot', (_p, s) => s.receive('playWithBotResult', { success: false, message: 'x', code: 'ADD_BOT_FAILED' })));
    const { result } = renderHook(() => usePlayWithBot(connection));
    await act(() => result.current.playWithBot('session-1'));
    expect(result.current.state).toEqual({ status: 'error', message: 'Failed to add bot to game' });
  });
});
