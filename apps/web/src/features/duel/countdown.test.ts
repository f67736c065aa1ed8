// The countdown's seconds, bar and states, and the clock offset it is read against.
import { describe, expect, it, vi } from 'vitest';
import { countdownView, roundClock, serverNow } from './countdown';
import { clockOffset } from './server-clock';

const END = 50_000;

describe('round countdown', () => {
  it('shows the seconds left rounded up and the bar as a share of the round', () => {
    expect(countdownView(10_000)).toEqual({ msLeft: 10_000, seconds: 10, percent: 100, state: 'early' });
    expect(countdownView(9_100)).toMatchObject({ seconds: 10, state: 'early' });
    expect(countdownView(5_000)).toMatchObject({ seconds: 5, percent: 50, state: 'normal' });
    expect(countdownView(-2_000)).toMatchObject({ msLeft: 0, seconds: 0, percent: 0, state: 'danger' });
    expect(countdownView(30_000).percent).toBe(100);
  });

  it('is early at 9 s or more, warning at 3 s or less, danger at 1 s or less', () => {
    expect(countdownView(9_000).state).toBe('early');
    expect(countdownView(8_999).state).toBe('normal');
    expect(countdownView(3_001).state).toBe('normal');
    expect(countdownView(3_000).state).toBe('warning');
    expect(countdownView(1_001).state).toBe('warning');
    expect(countdownView(1_000).state).toBe('danger');
  });

  it('reads the server clock through the offset, every 100 ms', () => {
    // The server is 2 s ahead: its round ends 2 s earlier on the client's clock.
    expect(countdownView(END - serverNow(END - 5_000, 2_000)).seconds).toBe(3);
    vi.useFakeTimers({ now: END - 5_000 });
    try {
      const clock = roundClock({ current: 2_000 });
      expect(clock.tickMs).toBe(100);
      expect(clock.now?.()).toBe(END - 3_000);
    } finally {
      vi.useRealTimers();
    }
  });

  it('estimates the offset with half the round trip', () => {
    // Asked at 1000 (client), answered 5000 (server), received at 1200: server now ≈ 5100.
    expect(clockOffset({ clientTime: 1_000, serverTime: 5_000 }, 1_200)).toBe(3_900);
    expect(clockOffset({ clientTime: 1_000, serverTime: 1_000 }, 1_000)).toBe(0);
  });
});
