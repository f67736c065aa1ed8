// The countdown, re-read every 100 ms against the server clock (spec §9).
import { COUNTDOWN_TICK_MS } from '@duel-dojo/rules';
import { useEffect, useState } from 'react';
import { type CountdownView, countdownView } from './countdown';

export function useCountdown(endTime: number | null, offset: { readonly current: number }): CountdownView | null {
  const [tick, setTick] = useState(() => ({ endTime, now: Date.now() }));
  useEffect(() => {
    if (endTime === null) return undefined;
    setTick({ endTime, now: Date.now() });
    const timer = setInterval(() => setTick({ endTime, now: Date.now() }), COUNTDOWN_TICK_MS);
    return () => clearInterval(timer);
  }, [endTime]);
  if (endTime === null) return null;
  // A round that has just started: the last tick was read during the one before (maybe seconds
  // ago, across its results), so it would show too much time left until the next tick.
  const now = tick.endTime === endTime ? tick.now : Date.now();
  return countdownView(endTime, now + offset.current);
}
