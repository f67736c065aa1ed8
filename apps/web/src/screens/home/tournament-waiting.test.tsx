// The waiting popup of a called tournament match: the opponent and the no-show deadline with its
// countdown, no Play with Bot and no Cancel; the match known from the server's `tournament`. An
// ordinary free game keeps its bot and Cancel, and a rematch waiting for its one opponent (no
// invite, no bot either) is not taken for a match; the rejoin prompt of a waiting match only
// leads back into it.
import type { TournamentMatchInfo, TournamentMatchNotice } from '@duel-dojo/protocol';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '../../routing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WALLET_2, gameState } from '../../test-support/duel-events';
import { followCall, resetKnownCalls } from '../../features/tournaments/match-call-store';
import { InviteJoinModal } from './invite-join-modal';
import { RejoinPrompt } from './rejoin-prompt';
import { WaitingPopup, type WaitingPopupProps } from './waiting-popup';

const NOW = Date.parse('2026-03-01T12:00:00Z');

const call = (overrides: Partial<TournamentMatchNotice> = {}): TournamentMatchNotice => ({
  tournamentId: 'cup-1',
  matchId: 3,
  inviteCode: 'code-3',
  opponent: { walletAddress: WALLET_2, username: 'yuki', displayName: 'Yuki the Swift' },
  deadline: NOW + 102_000,
  ...overrides,
});

const info = (overrides: Partial<TournamentMatchNotice> = {}): TournamentMatchInfo => {
  const { inviteCode: _code, ...match } = call(overrides);
  return match;
};

function popup(overrides: Partial<WaitingPopupProps> = {}) {
  const props: WaitingPopupProps = {
    open: true,
    paid: false,
    stats: { onlinePlayers: 3, activeGames: 1 },
    inviteLink: null,
    copyState: 'idle',
    onCopy: vi.fn(),
    bot: { status: 'idle' },
    onBot: vi.fn(),
    cancel: { status: 'idle' },
    onCancel: vi.fn(),
    onHome: vi.fn(),
    botAllowed: false,
    refundUrl: null,
    ...overrides,
  };
  return render(
    <MemoryRouter>
      <WaitingPopup {...props} />
    </MemoryRouter>,
  );
}

afterEach(() => {
  vi.useRealTimers();
  window.sessionStorage.clear();
  resetKnownCalls();
});

describe('the waiting popup of a called match', () => {
  it('names the opponent and the deadline with its countdown, and offers neither bot nor Cancel', () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    popup({ tournament: info() });
    const dialog = screen.getByRole('dialog', { name: 'Tournament match' });
    expect(dialog).toHaveTextContent('You vs Yuki the Swift');
    expect(screen.getByRole('timer', { name: 'Time left before the no-show forfeit' })).toHaveTextContent(/^1:42$/);
    expect(dialog.querySelector('time')).toHaveAttribute('dateTime', new Date(NOW + 102_000).toISOString());
    expect(screen.queryByRole('button', { name: 'Play with Bot' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Cancel/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'View the bracket' })).toHaveAttribute('href', '/tournaments/cup-1');
  });

  it('does not take a rematch waiting for its one opponent for a match, even with a call followed', () => {
    followCall(call());
    popup();
    expect(screen.getByRole('dialog', { name: 'Waiting for an opponent' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  });

  it("takes the server's `tournament` over a call this tab followed", () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    followCall(call());
    popup({ tournament: { tournamentId: 'cup-9', matchId: 1, opponent: { walletAddress: WALLET_2, username: 'rin', displayName: null }, deadline: NOW + 60_000 } });
    expect(screen.getByRole('dialog', { name: 'Tournament match' })).toHaveTextContent('You vs rin');
    expect(screen.getByRole('timer')).toHaveTextContent(/^1:00$/);
  });

  it('says the match was decided by forfeit when the server closes it at the deadline', async () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    const onHome = vi.fn();
    const { rerender } = popup({ onHome, tournament: info() });
    rerender(
      <MemoryRouter>
        <WaitingPopup
          {...{ open: true, paid: false, stats: null, inviteLink: null, copyState: 'idle', onCopy: vi.fn(), bot: { status: 'idle' }, onBot: vi.fn(), onCancel: vi.fn(), onHome, botAllowed: false, refundUrl: null }}
          cancel={{ status: 'success', value: { transactionSignature: null, message: 'Game cancelled' } }}
          tournament={info()}
        />
      </MemoryRouter>,
    );
    expect(screen.getByRole('status')).toHaveTextContent(/^Yuki the Swift did not come by the deadline: the match is decided by forfeit\.$/);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Back to Home' }));
    expect(onHome).toHaveBeenCalled();
  });

  it('keeps Play with Bot and Cancel for an ordinary free game', () => {
    followCall(call());
    popup({ botAllowed: true, inviteLink: 'http://localhost/?invite=abc' });
    expect(screen.getByRole('dialog', { name: 'Waiting for an opponent' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Play with Bot' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  });
});

describe('the rejoin prompt of a called match', () => {
  it('only leads back into the match', async () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    followCall(call());
    const onRejoin = vi.fn();
    const onStartNew = vi.fn();
    render(<RejoinPrompt game={gameState({ phase: 'waiting', canInvite: false, inviteCode: null, player2: null, betAmount: 'Free!', tournament: info() })} onRejoin={onRejoin} onStartNew={onStartNew} />);
    const dialog = screen.getByRole('dialog', { name: 'Your tournament match is waiting' });
    expect(dialog).toHaveTextContent('waiting for Yuki the Swift');
    expect(screen.queryByRole('button', { name: 'Start New Game' })).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Back to the match' }));
    expect(onRejoin).toHaveBeenCalled();
  });

  it('offers both choices for an ordinary waiting game', () => {
    render(<RejoinPrompt game={gameState({ phase: 'waiting', canInvite: true, inviteCode: 'abc', player2: null, betAmount: 'Free!' })} onRejoin={vi.fn()} onStartNew={vi.fn()} />);
    expect(screen.getByRole('dialog', { name: 'Active game found' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start New Game' })).toBeInTheDocument();
  });
});

describe('the invite of a called match', () => {
  it('names the opponent instead of a friend who waits', () => {
    followCall(call());
    const info = { inviteCode: 'code-3', found: true, betAmount: 'Free!' as const, inviterName: null };
    render(<InviteJoinModal open lookup={{ status: 'found', info }} amounts={null} characters={[]} onJoin={vi.fn()} onCancel={vi.fn()} />);
    expect(screen.getByRole('dialog', { name: "You're invited to a duel!" })).toHaveTextContent('Your tournament match against Yuki the Swift.');
  });
});

describe('a called match once it starts', () => {
  it('closes its popup without looping while the started game still carries its call', () => {
    const match = { tournamentId: 'cup-1', matchId: 3, opponent: { walletAddress: WALLET_2, username: 'yuki', displayName: null }, deadline: NOW + 60_000 };
    const props = { paid: false, stats: null, inviteLink: null, copyState: 'idle' as const, onCopy: vi.fn(), bot: { status: 'idle' as const }, onBot: vi.fn(), cancel: { status: 'idle' as const }, onCancel: vi.fn(), onHome: vi.fn(), botAllowed: false, refundUrl: null, tournament: match };
    const { rerender } = render(
      <MemoryRouter>
        <WaitingPopup open {...props} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('dialog', { name: 'Tournament match' })).toBeInTheDocument();
    rerender(
      <MemoryRouter>
        <WaitingPopup open={false} {...props} />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
