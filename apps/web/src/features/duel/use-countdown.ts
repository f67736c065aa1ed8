// The countdown, re-read every 100 ms against the server clock (spec §9).
import { COUNTDOWN_TICK_MS } from '@duel-dojo/rules';
import { useEffect, useState } from 'react';
import { type CountdownView, countdownView } from './countdown';

export function useCountdown(endTime: number | null, offset: { readonly current: number }): CountdownView | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (endTime === null) return undefined;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), COUNTDOWN_TICK_MS);
    return () => clearInterval(timer);
  }, [endTime]);
  return endTime === null ? null : countdownView(endTime, now + offset.current);
}
