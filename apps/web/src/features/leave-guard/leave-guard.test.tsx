import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, RouterProvider, createMemoryRouter } from '../../routing';
import { describe, expect, it } from 'vitest';
import { LEAVE_GAME_CONFIRMATION, useLeaveGameGuard } from './leave-guard';

function setup(active: boolean, answer: boolean) {
  const asked: string[] = [];
  const resigned: number[] = [];
  function Game() {
    useLeaveGameGuard(
      active,
      () => resigned.push(1),
      (text) => {
        asked.push(text);
        return answer;
      },
    );
    return <Link to="/leaderboard">Leaderboard</Link>;
  }
  const router = createMemoryRouter([{ path: '/', Component: Game }, { path: '/leaderboard', element: <p>Board</p> }]);
  render(<RouterProvider router={router} />);
  return { router, asked, resigned };
}

describe('leaving during a game', () => {
  it('asks the product question and stays when the player says no', async () => {
    const { router, asked, resigned } = setup(true, false);
    await userEvent.setup().click(screen.getByRole('link', { name: 'Leaderboard' }));
    await waitFor(() => expect(asked).toEqual([LEAVE_GAME_CONFIRMATION]));
    expect(router.state.location.pathname).toBe('/');
    expect(resigned).toEqual([]);
  });

  it('resigns the game and leaves when the player confirms (the forfeit the sentence promises)', async () => {
    const { router, resigned } = setup(true, true);
    await userEvent.setup().click(screen.getByRole('link', { name: 'Leaderboard' }));
    expect(await screen.findByText('Board')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/leaderboard');
    expect(resigned).toEqual([1]);
  });

  it('does not hold a reload: reloading is not leaving, the player rejoins', () => {
    setup(true, false);
    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(false);
  });

  it('does not ask when no game is in progress', async () => {
    const { asked } = setup(false, false);
    await userEvent.setup().click(screen.getByRole('link', { name: 'Leaderboard' }));
    expect(await screen.findByText('Board')).toBeInTheDocument();
    expect(asked).toEqual([]);
  });
});
