// The watch page's arena (docs/spectating.md): both fighters as the battle screen draws them,
// player 1 on the left and player 2 mirrored on the right, the round countdown between them, and
// a revealed round's result in the fighters' names.
import type { GameState } from '@duel-dojo/protocol';
import { ACTION_LABELS, FLOATING_NUMBER_MS, SHAKE_MS, type Action, type Slot, characterOrDefault } from '@duel-dojo/rules';
import type { ReactNode } from 'react';
import { Fighter, type FighterImpact } from '../../components/fighter/fighter';
import { RoundResults, type RoundSideView } from '../../components/round-results/round-results';
import type { RoundEnd } from '../../features/spectating/watch-state';
import { spectatorVerdict } from '../../features/spectating/watch-texts';
import styles from './watch.module.css';

export interface WatchArenaProps {
  readonly game: GameState;
  readonly names: Readonly<Record<Slot, string>>;
  readonly health: Readonly<Record<Slot, number>>;
  readonly impacts?: Readonly<Record<Slot, FighterImpact | null>>;
  /** The countdown, or what stands in its place (the replay's round). */
  readonly clock: ReactNode;
}

export function WatchArena({ game, names, health, impacts, clock }: WatchArenaProps) {
  const side = (slot: Slot) => (
    <Fighter
      title={slot === 'player1' ? 'Player 1' : 'Player 2'}
      name={names[slot]}
      character={characterOrDefault(slot === 'player1' ? game.playerCharacter.id : game.opponentCharacter?.id)}
      health={health[slot]}
      healthLabel={`${names[slot]}'s health`}
      mirrored={slot === 'player2'}
      impact={impacts?.[slot] ?? null}
      floatMs={FLOATING_NUMBER_MS}
      shakeMs={SHAKE_MS}
    />
  );
  return (
    <div className={styles.arena}>
      <div className={styles.left}>{side('player1')}</div>
      <div className={styles.clock}>{clock}</div>
      <div className={styles.right}>{side('player2')}</div>
    </div>
  );
}

const label = (action: Action | null) => (action ? ACTION_LABELS[action] : null);

/** One revealed round, told by the fighters' names. */
export function RevealedRound({ end, names }: { readonly end: Pick<RoundEnd, 'round' | 'roundWinner' | 'player1' | 'player2'>; readonly names: Readonly<Record<Slot, string>> }) {
  const verdict = spectatorVerdict(end, names);
  const view = (slot: Slot): RoundSideView => ({ ...end[slot], name: names[slot], action: label(end[slot].action), prediction: label(end[slot].prediction) });
  return <RoundResults round={end.round} text={verdict.text} tone={verdict.tone} mine={view('player1')} theirs={view('player2')} />;
}
