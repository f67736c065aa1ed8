// A duel as it is fought (docs/spectating.md): health, round, countdown, each round's result as
// it is revealed (never a move before), the fairness commitment, and how many watch.
import type { GameState } from '@duel-dojo/protocol';
import type { Slot } from '@duel-dojo/rules';
import { FairnessPanel } from '../../components/fairness-panel/fairness-panel';
import { RoundCountdown } from '../../components/round-countdown/round-countdown';
import { useCountdown } from '../../features/countdown/use-countdown';
import { countdownView, roundClock } from '../../features/duel/countdown';
import { useImpacts } from '../../features/duel/use-impacts';
import type { WatchState } from '../../features/spectating/watch-state';
import { RevealedRound, WatchArena } from './watch-arena';
import styles from './watch.module.css';

export interface LiveWatchProps {
  readonly state: WatchState & { readonly game: GameState };
  readonly names: Readonly<Record<Slot, string>>;
  readonly offset: { readonly current: number };
}

function phaseText(state: WatchState & { readonly game: GameState }): string {
  if (state.game.phase === 'intro') return 'The fighters step in: round 1 is about to start.';
  if (state.endTime !== null) return 'Both fighters are choosing. Moves are shown when the round is revealed.';
  return 'Next round soon.';
}

export function LiveWatch({ state, names, offset }: LiveWatchProps) {
  const { game } = state;
  const left = useCountdown(state.endTime, roundClock(offset));
  const countdown = left === null ? null : countdownView(left);
  const impacts = useImpacts(state.log.at(-1));
  const health = { player1: game.playerCharacter.health, player2: game.opponentCharacter?.health ?? 0 };
  const clock = <RoundCountdown round={Math.max(1, state.round)} seconds={countdown?.seconds ?? null} percent={countdown?.percent ?? 0} state={countdown?.state ?? 'idle'} />;
  return (
    <>
      <WatchArena game={game} names={names} health={health} impacts={impacts} clock={clock} />
      <div className={styles.console}>{state.results ? <RevealedRound end={state.results} names={names} /> : <p className={styles.phase}>{phaseText(state)}</p>}</div>
      {state.log.length > 0 && (
        <ol className={styles.log} aria-label="Rounds revealed">
          {state.log.map((end) => (
            <li key={end.round}>
              Round {end.round}: {names.player1} {end.player1Health} · {names.player2} {end.player2Health}
            </li>
          ))}
        </ol>
      )}
      <FairnessPanel commitment={game.fairness.commitment} serverSeed={null} onVerify={() => undefined} result={null} />
    </>
  );
}
