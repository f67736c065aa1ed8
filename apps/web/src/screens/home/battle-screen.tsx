// The battle screen: both fighters with health bars of 100 (player 2 mirrored), the round
// countdown, the prediction step then Attack / Dodge / Heal, the round results for 4 s, floating
// numbers and shakes, keyboard controls, the fight intro over it all, and a "Reconnecting" notice
// over the moves (disabled meanwhile) while the game is cut off from the server. Above the moves,
// the presence bar (docs/leaving-a-game.md): both connections, the opponent's lock-in, Resign and
// Claim victory. A move counts as locked only once the server confirmed it.
import { ACTIONS, ACTION_LABELS, FLOATING_NUMBER_MS, KEY_BINDINGS, SHAKE_MS, type Action, toLamports } from '@duel-dojo/rules';
import { useEffect } from 'react';
import { FightIntro } from '../../components/fight-intro/fight-intro';
import { Fighter } from '../../components/fighter/fighter';
import { type MoveStep, MovePicker } from '../../components/move-picker/move-picker';
import { RoundCountdown } from '../../components/round-countdown/round-countdown';
import { RoundResults } from '../../components/round-results/round-results';
import { type BattleView, roundResultView } from '../../features/duel/battle-view';
import { type DuelState, canPick } from '../../features/duel/duel-state';
import type { Duel } from '../../features/duel/use-duel';
import type { Reconnecting } from '../../features/duel/use-reconnecting';
import { useCountdown } from '../../features/countdown/use-countdown';
import { countdownView, roundClock } from '../../features/duel/countdown';
import { useDuelSound } from '../../features/duel/use-duel-sounds';
import { useImpacts } from '../../features/duel/use-impacts';
import { useMoveKeys } from '../../features/duel/use-move-keys';
import { type LinkState, MISSED_MOVE_TEXT } from '../../features/duel/duel-texts';
import { solText } from '../../features/money/money-amounts';
import styles from './battle-screen.module.css';
import { HowFairPanel } from './how-fair-panel';
import { PresenceBar } from './presence-bar';
import { ReconnectingBanner } from './reconnecting-banner';

const OPTIONS = ACTIONS.map((action) => ({ value: action, label: ACTION_LABELS[action], keys: KEY_BINDINGS[action] }));
const label = (action: Action | null) => (action ? ACTION_LABELS[action] : null);

function moveStep(state: DuelState): MoveStep {
  if (state.move.locked) return 'locked';
  if (state.move.pending) return 'sending';
  if (!canPick(state)) return 'closed';
  return state.move.prediction ? 'act' : 'predict';
}

function Results({ state, view }: { readonly state: DuelState; readonly view: BattleView }) {
  const end = state.rounds.results;
  if (!end) return null;
  const result = roundResultView(end, view.me.slot);
  const side = (name: string, data: typeof result.mine) => ({ ...data, name, action: label(data.action), prediction: label(data.prediction) });
  const tone = result.text === 'YOU WON!' ? 'won' : result.text === 'YOU LOST' ? 'lost' : 'draw';
  const missed = state.move.missed && state.move.round === end.round;
  return (
    <>
      <RoundResults round={result.round} text={result.text} tone={tone} mine={side('You', result.mine)} theirs={side(view.opponent.name, result.theirs)} />
      {missed && (
        <p className={styles.missed} role="alert">
          {MISSED_MOVE_TEXT}
        </p>
      )}
    </>
  );
}

export interface BattleScreenProps {
  readonly duel: Duel;
  readonly view: BattleView;
  readonly offset: { readonly current: number };
  readonly reconnecting: Reconnecting;
}

/** The indicator's word: offline once reconnecting lasts (or the browser says so), reconnecting before. */
function linkState(reconnecting: Reconnecting): LinkState {
  if (!reconnecting.active) return 'connected';
  return reconnecting.slow || (typeof navigator !== 'undefined' && navigator.onLine === false) ? 'offline' : 'reconnecting';
}

export function BattleScreen({ duel, view, offset, reconnecting }: BattleScreenProps) {
  const { state } = duel;
  const game = state.game;
  const stake = game && game.stakeLamports !== '0' ? solText(toLamports(game.stakeLamports)) : null;
  const link = linkState(reconnecting);
  const { phase, endTime } = state.rounds;
  const left = useCountdown(phase === 'round-active' || phase === 'round-ending' ? endTime : null, roundClock(offset));
  const countdown = left === null ? null : countdownView(left);
  const impacts = useImpacts(state.log.at(-1));
  const play = useDuelSound();
  const step = moveStep(state);

  const seconds = countdown?.seconds ?? null;
  useEffect(() => {
    if (phase === 'round-active' && seconds !== null && seconds > 0 && seconds <= 3) play('tick');
  }, [phase, seconds, play]);

  useMoveKeys({
    enabled: step === 'predict' || step === 'act',
    hasPrediction: state.move.prediction !== null,
    predict: duel.predict,
    act: duel.act,
    undo: duel.undo,
  });

  return (
    <div className={`container ${styles.battle}`}>
      <h1 className="visually-hidden">Duel</h1>
      <div className={styles.arena}>
        <div className={styles.me}>
          <Fighter title="You" name={view.me.name} character={view.me.character} health={view.me.health} healthLabel="Your health" impact={impacts[view.me.slot]} floatMs={FLOATING_NUMBER_MS} shakeMs={SHAKE_MS} />
        </div>
        <div className={styles.clock}>
          <RoundCountdown round={Math.max(1, view.round)} seconds={seconds} percent={countdown?.percent ?? 0} state={countdown?.state ?? 'idle'} />
        </div>
        <div className={styles.opponent}>
          <Fighter title="Opponent" name={view.opponent.name} character={view.opponent.character} health={view.opponent.health} healthLabel="Opponent health" mirrored impact={impacts[view.opponent.slot]} floatMs={FLOATING_NUMBER_MS} shakeMs={SHAKE_MS} />
        </div>
      </div>
      <PresenceBar
        link={link}
        opponent={state.opponent}
        opponentLockedIn={state.opponentLockedRound === state.rounds.round && state.rounds.phase === 'round-active'}
        running={view.outcome === null && game !== null && !game.gameOver}
        stake={stake}
        offset={offset}
        refusal={duel.refusal}
        onResign={duel.resign}
        onClaimVictory={duel.claimVictory}
      />
      <HowFairPanel game={game} />
      <div className={styles.console} aria-busy={reconnecting.active}>
        {phase === 'results-display' ? (
          <Results state={state} view={view} />
        ) : view.outcome ? (
          <p className={styles.over}>The duel is over.</p>
        ) : (
          <MovePicker
            step={step}
            options={OPTIONS}
            prediction={state.move.prediction}
            action={state.move.action}
            offline={link !== 'connected'}
            onPredict={(value) => duel.predict(value as Action)}
            onAct={(value) => duel.act(value as Action)}
            onUndo={duel.undo}
          />
        )}
        <ReconnectingBanner reconnecting={reconnecting} />
      </div>
      {state.intro && <FightIntro key={state.intro.key} me={view.me} opponent={view.opponent} durationMs={state.intro.ms} />}
    </div>
  );
}
