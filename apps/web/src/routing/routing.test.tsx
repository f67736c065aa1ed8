import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Link, NavLink, Outlet, RouterProvider, ScrollRestoration, createMemoryRouter, useBlocker, useParams, useRouteError } from './index';

function Page({ name }: { readonly name: string }) {
  return (
    <>
      <h1>{name}</h1>
      <Link to="/a">to a</Link>
      <Link to="/game">to game</Link>
    </>
  );
}

function Game({ onBlocked }: { readonly onBlocked: (answer: { proceed(): void; reset(): void }) => void }) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname);
  if (blocker.state === 'blocked') onBlocked(blocker);
  return <h1>game</h1>;
}

describe('the router', () => {
  beforeEach(() => {
    window.scrollTo(0, 0);
  });

  it('holds the back button while a blocker says so, and goes back once it proceeds', async () => {
    const blocked: { proceed(): void; reset(): void }[] = [];
    const router = createMemoryRouter(
      [
        { path: '/', element: <Page name="home" /> },
        { path: '/a', element: <Page name="a" /> },
        { path: '/game', element: <Game onBlocked={(answer) => blocked.push(answer)} /> },
      ],
      { initialEntries: ['/', '/a', '/game'] },
    );
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'game' })).toBeInTheDocument();

    await act(() => router.navigate(-1));
    expect(blocked).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/game');
    act(() => blocked[0]?.reset());
    expect(router.state.blocker.state).toBe('unblocked');
    expect(screen.getByRole('heading', { name: 'game' })).toBeInTheDocument();

    await act(() => router.navigate(-1));
    expect(blocked.length).toBeGreaterThan(1);
    act(() => blocked.at(-1)?.proceed());
    expect(await screen.findByRole('heading', { name: 'a' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/a');
  });

  it('opens a new page at its top, and returns to where the page was on back', async () => {
    const router = createMemoryRouter([
      {
        element: (
          <>
            <Outlet />
            <ScrollRestoration />
          </>
        ),
        children: [
          { path: '/', element: <Page name="home" /> },
          { path: '/a', element: <Page name="a" /> },
        ],
      },
    ]);
    render(<RouterProvider router={router} />);
    await screen.findByRole('heading', { name: 'home' });
    window.scrollTo(0, 640);
    fireEvent.click(screen.getByRole('link', { name: 'to a' }));
    expect(await screen.findByRole('heading', { name: 'a' })).toBeInTheDocument();
    expect(window.scrollY).toBe(0);

    await act(() => router.navigate(-1));
    expect(await screen.findByRole('heading', { name: 'home' })).toBeInTheDocument();
    expect(window.scrollY).toBe(640);
  });

  it('leaves a click with a modifier key to the browser (a new tab), and follows a plain one', async () => {
    const router = createMemoryRouter([
      { path: '/', element: <Page name="home" /> },
      { path: '/a', element: <Page name="a" /> },
    ]);
    render(<RouterProvider router={router} />);
    const link = await screen.findByRole('link', { name: 'to a' });
    expect(link).toHaveAttribute('href', '/a');
    fireEvent.click(link, { ctrlKey: true });
    expect(router.state.location.pathname).toBe('/');
    fireEvent.click(link);
    expect(await screen.findByRole('heading', { name: 'a' })).toBeInTheDocument();
  });

  it('marks the link of the page shown, and of the page above it', async () => {
    function Nav() {
      return (
        <nav>
          <NavLink to="/" className={({ isActive }) => (isActive ? 'on' : 'off')}>
            Home
          </NavLink>
          <NavLink to="/tournaments">Tournaments</NavLink>
          <NavLink to="/leaderboard">Leaderboard</NavLink>
        </nav>
      );
    }
    function Tournament() {
      return <h1>tournament {useParams().tournamentId}</h1>;
    }
    const router = createMemoryRouter([{ path: '/tournaments/:tournamentId', element: <><Nav /><Tournament /></> }], { initialEntries: ['/tournaments/t%209'] });
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'tournament t 9' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Tournaments' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Leaderboard' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'Home' })).toHaveClass('off');
  });

  it("shows the route's error boundary when a page fails, and the next page once the player moves on", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    function Broken(): never {
      throw new Error('The page broke');
    }
    function Failure() {
      const error = useRouteError();
      return <p role="alert">{error instanceof Error ? error.message : 'unknown'}</p>;
    }
    const router = createMemoryRouter([
      {
        ErrorBoundary: Failure,
        children: [
          { path: '/', Component: Broken },
          { path: '/a', element: <Page name="a" /> },
        ],
      },
    ]);
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The page broke');
    await act(() => router.navigate('/a'));
    expect(await screen.findByRole('heading', { name: 'a' })).toBeInTheDocument();
  });
});
