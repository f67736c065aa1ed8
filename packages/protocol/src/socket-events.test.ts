import { describe, expect, expectTypeOf, it } from 'vitest';
import { type ClientToServerEvents, type ServerToClientEvents, parseClientEvent, parseServerEvent } from './socket-events';
import { WALLET_A } from './test-support/samples';

describe('event maps', () => {
  it('type each event as a function of its payload', () => {
    expectTypeOf<ClientToServerEvents['requestStats']>().toEqualTypeOf<() => void>();
    expectTypeOf<ClientToServerEvents['resetGame']>().toEqualTypeOf<() => void>();
    expectTypeOf<Parameters<ClientToServerEvents['playerAction']>[0]>().toEqualTypeOf<{
      action: 'attack' | 'dodge' | 'hide';
      prediction: 'attack' | 'dodge' | 'hide';
      round?: number | undefined;
    }>();
    expectTypeOf<Parameters<ServerToClientEvents['roundStart']>[0]>().toEqualTypeOf<{
      sessionId: string;
      version: number;
      round: number;
      endTime: number;
    }>();
    expectTypeOf<Parameters<ServerToClientEvents['gameStats']>[0]['onlinePlayers']>().toEqualTypeOf<number>();
  });
});

describe('parseClientEvent', () => {
  it('returns the parsed payload with defaults', () => {
    const result = parseClientEvent('joinGame', { selectedCharacter: 7, betAmount: 'Free!' });
    expect(result).toEqual({ success: true, data: { selectedCharacter: 7, betAmount: 'Free!', walletAddress: null, verified: false } });
    if (result.success) expectTypeOf(result.data.verified).toEqualTypeOf<boolean>();
  });

  it('returns the error of a bad payload without throwing', () => {
    const result = parseClientEvent('claimReward', { sessionId: 'g_1', walletAddress: 'nope' });
    expect(result.success).toBe(false);
    expect(result.success ? null : result.error.issues[0]?.message).toBe('Invalid wallet address');
    expect(parseClientEvent('checkActiveGame', { walletAddress: WALLET_A }).success).toBe(true);
  });
});

describe('parseServerEvent', () => {
  it('checks what the client receives', () => {
    expect(parseServerEvent('gameStats', { onlinePlayers: 1, activeGames: 0 })).toEqual({ success: true, data: { onlinePlayers: 1, activeGames: 0 } });
    expect(parseServerEvent('gameStats', { onlinePlayers: -1, activeGames: 0 }).success).toBe(false);
  });
});
