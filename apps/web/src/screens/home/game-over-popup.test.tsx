// The game-over popup for each viewer and each claim state.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { characterOrDefault } from '@duel-dojo/rules';
import { describe, expect, it, vi } from 'vitest';
import type { BattleView } from '../../features/duel/battle-view';
import type { RequestState } from '../../features/duel/request-state';
import type { Claimed } from '../../features/duel/use-game-requests';
import { GameOverPopup } from './game-over-popup';

const STAKE = 33_333_333n;
const fighter = (name: string, health: number, slot: 'player1' | 'player2') => ({ slot, name, character: characterOrDefault(4), health });

function show(outcome: BattleView['outcome'], claim: RequestState<Claimed> = { status: 'idle' }, paid = true) {
  const view: BattleView = { me: fighter('kenji', 40, 'player1'), opponent: fighter('yuki', 0, 'player2'), round: 3, paid, stakeLamports: paid ? STAKE : 0n, outcome };
  const props = { onClaim: vi.fn(), onPlayAgain: vi.fn(), onNewGame: vi.fn(), onVerify: vi.fn() };
  render(
    <GameOverPopup
      open
      view={view}
      claim={claim}
      onClaim={props.onClaim}
      explorerUrl={(signature) => `https://explorer.example/tx/${signature}`}
      onPlayAgain={props.onPlayAgain}
      onNewGame={props.onNewGame}
      shareUrl="https://twitter.com/intent/tweet?text=x"
      fairness={{ commitment: 'a'.repeat(64), serverSeed: 'b'.repeat(64) }}
      verify={{ result: null, onVerify: props.onVerify }}
    />,
  );
  return { dialog: screen.getByRole('dialog'), ...props };
}

describe('game-over popup', () => {
  it('offers the winner of a staked game the payout preview (2 × stake × 0.97, 2 decimals) and Claim Reward', async () => {
    const user = userEvent.setup();
    const { dialog, onClaim, onPlayAgain, onNewGame } = show('won');
    expect(within(dialog).getByRole('heading', { name: 'Victory!' })).toBeInTheDocument();
    expect(within(dialog).getByText('0.0646 SOL')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Claim Reward' }));
    await user.click(within(dialog).getByRole('button', { name: 'Play Again' }));
    await user.click(within(dialog).getByRole('button', { name: 'New Game' }));
    expect([onClaim, onPlayAgain, onNewGame].map((fn) => fn.mock.calls.length)).toEqual([1, 1, 1]);
    expect(within(dialog).getByRole('link', { name: 'Share on X' })).toHaveAttribute('href', 'https://twitter.com/intent/tweet?text=x');
  });

  it('shows the claim pending, then the amount and the explorer link', () => {
    show('won', { status: 'pending' });
    expect(screen.getByRole('button', { name: 'Claiming…' })).toBeDisabled();
  });

  it('shows a claimed reward with its amount and explorer link', () => {
    const { dialog } = show('won', { status: 'success', value: { amount: 64_666_666n, transactionSignature: 'sig123', message: 'Reward claimed: 0.0646 SOL sent to your wallet' } });
    expect(within(dialog).getByText('0.0646 SOL')).toBeInTheDocument();
    expect(within(dialog).getByText('Reward claimed: 0.0646 SOL sent to your wallet')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'View the payout on the explorer' })).toHaveAttribute('href', 'https://explorer.example/tx/sig123');
    expect(within(dialog).queryByRole('button', { name: 'Claim Reward' })).toBeNull();
  });

  it('shows a failed claim with Retry', async () => {
    const { dialog, onClaim } = show('won', { status: 'error', message: 'Failed to claim reward' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent(/^Failed to claim reward$/);
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Retry Claim' }));
    expect(onClaim).toHaveBeenCalledTimes(1);
  });

  it('gives the loser no claim, a draw its refund, and a free game no prize', () => {
    show('lost');
    expect(screen.getByRole('heading', { name: 'Defeat' })).toBeInTheDocument();
    expect(screen.getByText('yuki won the duel.')).toBeInTheDocument();
    expect(screen.getByText('The winner takes 0.0646 SOL.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Claim Reward' })).toBeNull();
  });

  it('says a draw refunds both stakes', () => {
    show('draw');
    expect(screen.getByRole('heading', { name: 'Draw' })).toBeInTheDocument();
    expect(screen.getByText('A draw: each stake is refunded.')).toBeInTheDocument();
  });

  it('shows no prize in a free game', () => {
    show('won', { status: 'idle' }, false);
    expect(screen.queryByText('Your reward')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Claim Reward' })).toBeNull();
  });
});
