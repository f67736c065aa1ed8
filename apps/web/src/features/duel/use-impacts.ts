// The floating damage and heal numbers of the last round end, per seat, for 2 s.
import { FLOATING_NUMBER_MS, type Slot } from '@duel-dojo/rules';
import { useEffect, useState } from 'react';
import type { RoundEnd } from './duel-state';

export interface Impact {
  readonly key: number;
  readonly damage: number;
  readonly healing: number;
}

export type Impacts = Readonly<Record<Slot, Impact | null>>;

export function impactsOf(end: RoundEnd): Impacts {
  const of = (slot: Slot): Impact => ({ key: end.round, damage: end[slot].damageTaken, healing: end[slot].healingReceived });
  return { player1: of('player1'), player2: of('player2') };
}

const NONE: Impacts = { player1: null, player2: null };

export function useImpacts(lastEnd: RoundEnd | undefined): Impacts {
  const [impacts, setImpacts] = useState<Impacts>(NONE);
  useEffect(() => {
    if (!lastEnd) return undefined;
    setImpacts(impactsOf(lastEnd));
    const timer = setTimeout(() => setImpacts(NONE), FLOATING_NUMBER_MS);
    return () => clearTimeout(timer);
  }, [lastEnd]);
  return impacts;
}
