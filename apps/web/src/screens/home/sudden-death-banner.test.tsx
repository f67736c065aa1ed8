// Sudden death on screen: the banner at the start of every round from the rules' first
// sudden-death round, for a few seconds, and the drain in that round's results.
import { SUDDEN_DEATH_DRAIN_STEP, SUDDEN_DEATH_ROUND, suddenDeathDrain } from '@duel-dojo/rules';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RoundCountdown } from '../../components/round-countdown/round-countdown';
import { RoundResults, suddenDeathLine } from '../../components/round-results/round-results';
import { SUDDEN_DEATH_BANNER_MS, SuddenDeathBanner, useSuddenDeathAnnouncement } from './sudden-death-banner';
import { suddenDeathAnnouncement } from './sudden-death-text';

function Harness({ round, running }: { readonly round: number; readonly running: boolean }) {
  return <SuddenDeathBanner round={useSuddenDeathAnnouncement(round, running)} animated />;
}

const banner = () => screen.queryByRole('status', { name: 'Sudden death' });

describe('the sudden-death banner', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('says what changes, from the rules numbers', () => {
    expect(suddenDeathAnnouncement(SUDDEN_DEATH_ROUND - 1)).toBeNull();
    expect(suddenDeathAnnouncement(SUDDEN_DEATH_ROUND)).toBe(
      `No more healing. Both fighters lose ${SUDDEN_DEATH_DRAIN_STEP} HP this round, and ${SUDDEN_DEATH_DRAIN_STEP} more every round after.`,
    );
    expect(suddenDeathAnnouncement(SUDDEN_DEATH_ROUND + 1)).toBe(`Round ${SUDDEN_DEATH_ROUND + 1}: no healing, both fighters lose ${suddenDeathDrain(SUDDEN_DEATH_ROUND + 1)} HP.`);
  });

  it('is not shown before sudden death', () => {
    render(<Harness round={SUDDEN_DEATH_ROUND - 1} running />);
    expect(banner()).toBeNull();
  });

  it('announces each sudden-death round as it starts, then leaves the arena to the fight', () => {
    const view = render(<Harness round={SUDDEN_DEATH_ROUND} running />);
    expect(banner()).toHaveTextContent('Sudden death!');
    act(() => vi.advanceTimersByTime(SUDDEN_DEATH_BANNER_MS));
    expect(banner()).toBeNull();

    view.rerender(<Harness round={SUDDEN_DEATH_ROUND} running={false} />);
    view.rerender(<Harness round={SUDDEN_DEATH_ROUND + 1} running />);
    expect(banner()).toHaveTextContent(`lose ${suddenDeathDrain(SUDDEN_DEATH_ROUND + 1)} HP`);
  });

  it('goes with the round when it closes early (both fighters acted)', () => {
    const view = render(<Harness round={SUDDEN_DEATH_ROUND} running />);
    expect(banner()).toBeInTheDocument();
    view.rerender(<Harness round={SUDDEN_DEATH_ROUND} running={false} />);
    expect(banner()).toBeNull();
  });
});

describe('the round results in sudden death', () => {
  const side = (name: string, damageTaken: number) => ({ name, action: 'Attack', prediction: 'Dodge', predictedRight: false, damageTaken, healingReceived: 0 });

  it('explain the drain: "Sudden death −20 HP"', () => {
    const round = SUDDEN_DEATH_ROUND + 1;
    expect(suddenDeathLine(round)).toBe(`Sudden death −${suddenDeathDrain(round)} HP`);
    render(<RoundResults round={round} text="YOU WON!" tone="won" mine={side('You', 20)} theirs={side('yuki', 34)} />);
    expect(screen.getByRole('status', { name: `Round ${round} result` })).toHaveTextContent(`Sudden death −${suddenDeathDrain(round)} HP each`);
  });

  it('say nothing of it before', () => {
    expect(suddenDeathLine(SUDDEN_DEATH_ROUND - 1)).toBeNull();
    render(<RoundResults round={3} text="YOU WON!" tone="won" mine={side('You', 0)} theirs={side('yuki', 14)} />);
    expect(screen.getByRole('status')).not.toHaveTextContent('Sudden death');
  });
});

describe('the round clock in sudden death', () => {
  it('keeps the round\'s drain in view after the banner', () => {
    const view = render(<RoundCountdown round={SUDDEN_DEATH_ROUND - 1} seconds={8} percent={80} state="normal" />);
    expect(view.container).not.toHaveTextContent('Sudden death');
    view.rerender(<RoundCountdown round={SUDDEN_DEATH_ROUND + 2} seconds={8} percent={80} state="normal" />);
    expect(view.container).toHaveTextContent(`Sudden death −${suddenDeathDrain(SUDDEN_DEATH_ROUND + 2)} HP`);
  });
});
