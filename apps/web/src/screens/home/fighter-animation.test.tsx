// The fighters' motion per round outcome (fighter-animation.ts, the Fighter it reaches through
// FightStage), and that the animations setting and reduced motion keep everyone still.
import { characterOrDefault } from '@duel-dojo/rules';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Fighter } from '../../components/fighter/fighter';
import { roundEnd } from '../../test-support/duel-events';
import { type DuelState, INITIAL_DUEL, type RoundEnd } from '../../features/duel/duel-state';
import { AnimationsToggle } from '../../app/shell/navbar/animations-toggle';
import { setAnimationsEnabled } from '../../features/motion/animations-setting';
import { FightStage } from './fight-stage';
import { arenaMotion, fighterMotion } from './fighter-animation';

describe('the motion chosen per outcome', () => {
  it('attack against heal: a lunge and a heal, the healer hit and healed', () => {
    const end = roundEnd(2, 5, [100, 92], { player1: { action: 'attack' }, player2: { action: 'hide', damageTaken: 14, healingReceived: 6 } });
    expect(fighterMotion(end, 'player1')).toEqual({ key: 2, act: 'attack', reaction: null, healed: false, knockedOut: false });
    expect(fighterMotion(end, 'player2')).toEqual({ key: 2, act: 'heal', reaction: 'hit', healed: true, knockedOut: false });
  });

  it('attack into a dodge: the dodger slips away, the attacker takes the recoil', () => {
    const end = roundEnd(3, 7, [91, 100], { player1: { action: 'attack', damageTaken: 9 }, player2: { action: 'dodge' } });
    expect(fighterMotion(end, 'player1')).toMatchObject({ act: 'attack', reaction: 'recoil' });
    expect(fighterMotion(end, 'player2')).toMatchObject({ act: 'dodge', reaction: null });
  });

  it('a correct read through the dodge is a hit on the dodger, not a recoil', () => {
    const end = roundEnd(3, 7, [100, 80], { player1: { action: 'attack', prediction: 'dodge' }, player2: { action: 'dodge', damageTaken: 20 } });
    expect(fighterMotion(end, 'player2')).toMatchObject({ act: 'dodge', reaction: 'hit' });
  });

  it('an idle fighter does not move but takes the penalty as a hit', () => {
    const end = roundEnd(4, 9, [95, 100], { player1: { action: null, prediction: null, damageTaken: 5 }, player2: { action: 'dodge' } });
    expect(fighterMotion(end, 'player1')).toMatchObject({ act: null, reaction: 'hit' });
  });

  it('health at 0 is a knock-out after the blow', () => {
    const end = roundEnd(6, 13, [30, 0], { player1: { action: 'attack' }, player2: { action: 'hide', damageTaken: 22 }, winner: 'player1' });
    expect(fighterMotion(end, 'player2')).toMatchObject({ reaction: 'hit', knockedOut: true });
    expect(fighterMotion(end, 'player1')).toMatchObject({ knockedOut: false });
  });

  it('in sudden death the drain alone is a hit, and the recoil is told from it', () => {
    const base = roundEnd(11, 23, [40, 60], { player1: { action: 'attack', damageTaken: 20 }, player2: { action: 'dodge', damageTaken: 20 } });
    const drained: RoundEnd = { ...base, suddenDeath: true };
    expect(fighterMotion(drained, 'player1')).toMatchObject({ reaction: 'hit' });
    const recoiled: RoundEnd = { ...drained, player1: { ...drained.player1, damageTaken: 29 } };
    expect(fighterMotion(recoiled, 'player1')).toMatchObject({ reaction: 'recoil' });
  });

  it('puts the viewer on the left, and nothing moves when animations are not allowed', () => {
    const end = roundEnd(1, 3, [100, 86], { player1: { action: 'hide' }, player2: { action: 'attack', damageTaken: 14 } });
    const arena = arenaMotion(end, 'player2', true);
    expect([arena.left?.act, arena.right?.act]).toEqual(['attack', 'heal']);
    expect(arenaMotion(end, 'player2', false)).toEqual({ enabled: false, left: null, right: null });
  });
});

const ghost = characterOrDefault(4);
const soldier = characterOrDefault(8);

function stage(end: RoundEnd) {
  const state: DuelState = { ...INITIAL_DUEL, log: [end], rounds: { ...INITIAL_DUEL.rounds, phase: 'results-display', round: end.round, lastHandledRoundEnd: end.round, results: end } };
  const impact = (damage: number, healing: number) => ({ key: end.round, damage, healing });
  return render(
    <FightStage state={state} viewer="player1">
      <Fighter title="You" name="kenji" character={ghost} health={end.player1Health} healthLabel="Your health" impact={impact(end.player1.damageTaken, end.player1.healingReceived)} floatMs={2000} shakeMs={500} />
      <Fighter title="Opponent" name="yuki" character={soldier} health={end.player2Health} healthLabel="Opponent health" mirrored impact={impact(end.player2.damageTaken, end.player2.healingReceived)} floatMs={2000} shakeMs={500} />
      <AnimationsToggle />
    </FightStage>,
  );
}

const knockOut = roundEnd(5, 11, [100, 0], { player1: { action: 'attack' }, player2: { action: 'hide', damageTaken: 18 }, winner: 'player1' });
const motionOf = (name: string) => {
  const section = screen.getByRole('region', { name });
  return { act: section.dataset['act'], reaction: section.dataset['reaction'], knockout: section.dataset['knockout'] };
};

function reducedMotion(reduce: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({
    matches: reduce && query.includes('reduce'), media: query, onchange: null,
    addEventListener: () => undefined, removeEventListener: () => undefined, addListener: () => undefined, removeListener: () => undefined, dispatchEvent: () => false,
  }));
}

describe('the fighters on the stage', () => {
  it('play the round: the attacker lunges, the healer is hit and falls, K.O.', () => {
    reducedMotion(false);
    stage(knockOut);
    expect(motionOf('You: kenji')).toEqual({ act: 'attack', reaction: undefined, knockout: undefined });
    expect(motionOf('Opponent: yuki')).toEqual({ act: 'heal', reaction: 'hit', knockout: 'true' });
    expect(screen.getByText('K.O.')).toBeInTheDocument();
    // The floating numbers stay.
    expect(screen.getByText('-18')).toBeInTheDocument();
  });

  it('stand still when the system asks for reduced motion; the numbers still show', () => {
    reducedMotion(true);
    stage(knockOut);
    expect(motionOf('Opponent: yuki')).toEqual({ act: undefined, reaction: undefined, knockout: undefined });
    expect(screen.queryByText('K.O.')).toBeNull();
    expect(screen.getByText('-18')).toBeInTheDocument();
  });

  it('stand still when the player turns animations off, and move again when turned back on', async () => {
    reducedMotion(false);
    setAnimationsEnabled(false);
    stage(knockOut);
    expect(motionOf('You: kenji').act).toBeUndefined();
    const toggle = screen.getByRole('button', { name: 'Animations' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await userEvent.setup().click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(motionOf('You: kenji').act).toBe('attack');
  });
});
