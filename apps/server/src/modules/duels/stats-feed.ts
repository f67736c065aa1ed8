// gameStats {onlinePlayers, activeGames}: answered on request, and pushed to the sockets that
// asked when the counts change, at most once per interval.
import type { CancelTimer, GameClock } from './game-clock';

export interface GameStats {
  onlinePlayers: number;
  activeGames: number;
}

export interface StatsFeed {
  /** Something that counts changed: push within the interval (once, however many changes). */
  changed(): void;
  stop(): void;
}

export function createStatsFeed(options: {
  clock: GameClock;
  intervalMs: number;
  read: () => Promise<GameStats>;
  push: (stats: GameStats) => void;
  report: (error: unknown, message: string) => void;
}): StatsFeed {
  const { clock, intervalMs } = options;
  let lastPushAt = Number.NEGATIVE_INFINITY;
  let lastSent = '';
  let timer: CancelTimer | null = null;
  let stopped = false;

  async function flush(): Promise<void> {
    timer = null;
    lastPushAt = clock.now();
    const stats = await options.read();
    const text = `${stats.onlinePlayers}/${stats.activeGames}`;
    if (stopped || text === lastSent) return;
    lastSent = text;
    options.push(stats);
  }

  return {
    changed() {
      if (timer !== null || stopped) return;
      const wait = Math.max(0, lastPushAt + intervalMs - clock.now());
      timer = clock.after(wait, () => void flush().catch((error: unknown) => options.report(error, 'gameStats push failed')));
    },
    stop() {
      stopped = true;
      timer?.();
      timer = null;
    },
  };
}
