// Around the battle screen: hands each fighter its motion for the round just resolved, and
// announces sudden death over the arena. Nothing moves when the player turned animations off or
// the system asks for reduced motion.
import type { Slot } from '@duel-dojo/rules';
import { type ReactNode, useMemo } from 'react';
import { ArenaMotionContext } from '../../components/fighter/fighter-motion';
import type { DuelState } from '../../features/duel/duel-state';
import { useMotionAllowed } from '../../features/motion/animations-setting';
import { arenaMotion } from './fighter-animation';
import styles from './fight-stage.module.css';
import { SuddenDeathBanner, useSuddenDeathAnnouncement } from './sudden-death-banner';

export interface FightStageProps {
  readonly state: DuelState;
  /** The viewer's seat: their fighter is the left-hand one. */
  readonly viewer: Slot;
  readonly children: ReactNode;
}

export function FightStage({ state, viewer, children }: FightStageProps) {
  const allowed = useMotionAllowed();
  const lastEnd = state.log.at(-1) ?? null;
  const motion = useMemo(() => arenaMotion(lastEnd, viewer, allowed), [lastEnd, viewer, allowed]);
  const { phase, round } = state.rounds;
  const announced = useSuddenDeathAnnouncement(round, phase === 'round-active' && state.intro === null);
  return (
    <ArenaMotionContext.Provider value={motion}>
      <div className={styles.stage}>
        {children}
        <SuddenDeathBanner round={announced} animated={allowed} />
      </div>
    </ArenaMotionContext.Provider>
  );
}
