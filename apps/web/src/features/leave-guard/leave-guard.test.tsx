import { fireEvent, render, screen } from '@testing-library/react';
import { Link, RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { LEAVE_GAME_CONFIRMATION, useLeaveGameGuard } from './leave-guard';

function setup(active: boolean, answer: boolean) {
  const asked: string[] = [];
  function Game() {
    useLeaveGameGuard(active, (text) => {
      asked.push(text);
      return answer;
    });
    return <Link to="/leaderboard">Leaderboard</Link>;
  }
  const router = createMemoryRouter([{ path: '/', Component: Game }, { path: '/leaderboard', element: <p>Board</p> }]);
  render(<RouterProvider router={router} />);
  return { router, asked };
}

describe('leaving during a game', () => {
  it('asks the spec question and stays when the player says no', async () => {
    const { router, asked } = setup(true, false);
    fireEvent.click(screen.getByRole('link', { name: 'Leaderboard' }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(asked).toEqual([LEAVE_GAME_CONFIRMATION]);
    expect(router.state.location.pathname).toBe('/');
  });

  it('leaves when the player confirms', async () => {
    const { router } = setup(true, true);
    fireEvent.click(screen.getByRole('link', { name: 'Leaderboard' }));
    expect(await screen.findByText('Board')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/leaderboard');
  });

  it('does not ask when no game is in progress', async () => {
    const { asked } = setup(false, false);
    fireEvent.click(screen.getByRole('link', { name: 'Leaderboard' }));
    expect(await screen.findByText('Board')).toBeTruthy();
    expect(asked).toEqual([]);
  });
});
