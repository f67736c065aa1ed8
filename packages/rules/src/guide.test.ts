import { describe, expect, it } from 'vitest';
import { ATTACK_RECOIL_SHARE, COUNTER_SHARE, MAX_ROUNDS, SUDDEN_DEATH_ROUND } from './combat-constants';
import { actionForKey, KEY_BINDINGS } from './controls';
import {
  ABANDONMENT_RULES,
  CONTROLS,
  DEFAULT_HOW_TO_PLAY_TAB,
  FORMULAS,
  GETTING_STARTED_STEPS,
  HOW_TO_PLAY_TABS,
  INTERACTION_MATRIX,
  SUDDEN_DEATH_TEXT,
} from './how-to-play';
import { ACTIONS } from './moves';
import { roundResultText } from './round-result-text';
import { timerState } from './timing';

describe('how-to-play text', () => {
  it('has the four tabs with Combat as the default', () => {
    expect(HOW_TO_PLAY_TABS.map((t) => t.label)).toEqual(['Game Overview', 'Characters', 'Combat', 'Controls']);
    expect(DEFAULT_HOW_TO_PLAY_TAB).toBe('combat');
    expect(GETTING_STARTED_STEPS).toHaveLength(4);
  });

  it('describes every pair of moves and prints the numbers the rules use', () => {
    for (const mine of ACTIONS) for (const theirs of ACTIONS) expect(INTERACTION_MATRIX[`${mine}/${theirs}`]).toMatch(/\w/);
    expect(INTERACTION_MATRIX['attack/dodge']).toContain(`${ATTACK_RECOIL_SHARE * 100}%`);
    expect(INTERACTION_MATRIX['dodge/dodge']).toContain(`${COUNTER_SHARE * 100}%`);
    expect(FORMULAS.join(' ')).toContain('Fight 60 against defense 40 does about 18');
    expect(FORMULAS.join(' ')).toContain('Defense 60 heals 20');
    expect(SUDDEN_DEATH_TEXT.join(' ')).toContain(`round ${SUDDEN_DEATH_ROUND}`);
    expect(SUDDEN_DEATH_TEXT.join(' ')).toContain(`${MAX_ROUNDS} rounds`);
    expect(ABANDONMENT_RULES.join(' ')).toMatch(/refund/);
  });

  it('documents a key for every move, and the keys pick those moves', () => {
    for (const action of ACTIONS) {
      for (const key of KEY_BINDINGS[action]) {
        expect(actionForKey(key)).toBe(action);
        expect(actionForKey(key.toUpperCase())).toBe(action);
      }
    }
    expect(actionForKey('x')).toBeNull();
    expect(CONTROLS.map((c) => c.input)).toContain('A or 1');
  });
});

describe('round result and timer', () => {
  it('shows the round winner from each side\'s view', () => {
    expect(roundResultText('player1', 'player1')).toBe('YOU WON!');
    expect(roundResultText('player1', 'player2')).toBe('YOU LOST');
    expect(roundResultText('draw', 'player2')).toBe('ROUND DRAW');
  });

  it('turns the countdown early at 9 s or more, warning at 3 s or less, danger at 1 s or less', () => {
    expect(timerState(10_000)).toBe('early');
    expect(timerState(9_000)).toBe('early');
    expect(timerState(8_999)).toBe('normal');
    expect(timerState(3_001)).toBe('normal');
    expect(timerState(3_000)).toBe('warning');
    expect(timerState(1_001)).toBe('warning');
    expect(timerState(1_000)).toBe('danger');
    expect(timerState(0)).toBe('danger');
  });
});
