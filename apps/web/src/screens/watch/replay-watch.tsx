// A finished duel's page is its replay (docs/spectating.md): round by round from the round log
// its record publishes, with Previous / Next / Play, the end told by the fighters' names, and
// Verify against the commitment published before round 1.
import type { GameRecord, GameState } from '@duel-dojo/protocol';
import type { Slot } from '@duel-dojo/rules';
import { useEffect, useMemo, useState } from 'react';
import { replaySteps } from '../../features/spectating/replay';
import { HistoryFairness } from '../my-games/history-fairness';
import { RevealedRound, WatchArena } from './watch-arena';
import styles from './watch.module.css';

/** How long each round stays on screen while the replay plays. */
export const REPLAY_STEP_MS = 2_000;

export interface ReplayWatchProps {
  readonly game: GameState;
  readonly record: GameRecord;
  readonly names: Readonly<Record<Slot, string>>;
}

export function ReplayWatch({ game, record, names }: ReplayWatchProps) {
  const steps = useMemo(() => replaySteps(record), [record]);
  const last = steps.length - 1;
  const [index, setIndex] = useState(last);
  const [playing, setPlaying] = useState(false);
  const step = steps[Math.min(index, last)] ?? steps[0];

  useEffect(() => {
    if (!playing) return undefined;
    if (index >= last) {
      setPlaying(false);
      return undefined;
    }
    const timer = setTimeout(() => setIndex((current) => Math.min(last, current + 1)), REPLAY_STEP_MS);
    return () => clearTimeout(timer);
  }, [playing, index, last]);

  if (!step) return null;
  const play = () => {
    if (index >= last) setIndex(0);
    setPlaying(true);
  };
  const clock = (
    <div className={styles.replayClock}>
      <p className={styles.replayRound}>{step.round === 0 ? 'Start' : `Round ${step.round}`}</p>
      <p className={styles.replayOf}>of {last}</p>
    </div>
  );
  return (
    <>
      <WatchArena game={game} names={names} health={step.health} clock={clock} />
      <div className={styles.controls} role="group" aria-label="Replay">
        <button type="button" className="btn btn-ghost btn-small" onClick={() => setIndex((i) => Math.max(0, i - 1))} disabled={index === 0}>
          ◀ Previous
        </button>
        {playing ? (
          <button type="button" className="btn btn-primary btn-small" onClick={() => setPlaying(false)}>
            Pause
          </button>
        ) : (
          <button type="button" className="btn btn-primary btn-small" onClick={play} disabled={last === 0}>
            ▶ Play
          </button>
        )}
        <button type="button" className="btn btn-ghost btn-small" onClick={() => setIndex((i) => Math.min(last, i + 1))} disabled={index >= last}>
          Next ▶
        </button>
      </div>
      <div className={styles.console}>{step.end ? <RevealedRound end={step.end} names={names} /> : <p className={styles.phase}>Both fighters at full health. Press Play.</p>}</div>
      <HistoryFairness record={record} />
    </>
  );
}
