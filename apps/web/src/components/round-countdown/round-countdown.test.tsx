// The round's timer as the player sees it.
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RoundCountdown } from './round-countdown';

describe('the round countdown', () => {
  it('shows "ROUND n", the seconds and the bar in the state\'s colour', () => {
    const { container } = render(<RoundCountdown round={4} seconds={3} percent={30} state="warning" />);
    expect(screen.getByText('ROUND 4')).toBeInTheDocument();
    expect(screen.getByLabelText('3 seconds left')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Time left' })).toHaveAttribute('aria-valuenow', '30');
    expect(container.firstElementChild).toHaveAttribute('data-state', 'warning');
  });
});
