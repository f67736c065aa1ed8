import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { lazyScreen } from './lazy-screen';

describe('lazy screens', () => {
  beforeEach(() => {
    // The boundary reports what it caught; React logs it too. Expected here.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });

  it('shows a retry message when a chunk takes longer than the timeout, and Retry loads it', async () => {
    let attempt = 0;
    const Screen = lazyScreen(() => {
      attempt += 1;
      return attempt === 1 ? new Promise(() => {}) : Promise.resolve({ default: () => <p>Loaded</p> });
    }, 30);
    render(<Screen />);
    expect(await screen.findByText('Still loading…')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Loaded')).toBeInTheDocument();
  });

  it('preload starts the chunk before the screen renders, and the screen shows that one download', async () => {
    let downloads = 0;
    const Screen = lazyScreen(() => {
      downloads += 1;
      return Promise.resolve({ default: () => <p>Loaded</p> });
    }, 1000);
    Screen.preload();
    expect(downloads).toBe(1);
    render(<Screen />);
    expect(await screen.findByText('Loaded')).toBeInTheDocument();
    expect(downloads).toBe(1);
  });

  it('shows a screen whose chunk is already here in the first render, without "Loading…" first', async () => {
    const Screen = lazyScreen(() => Promise.resolve({ default: () => <p>Loaded</p> }), 1000);
    await Screen.preload();
    render(<Screen />);
    expect(screen.getByText('Loaded')).toBeInTheDocument();
    expect(screen.queryByText('Loading…')).not.toBeInTheDocument();
  });

  it('shows a retry message when a chunk fails to load', async () => {
    const Screen = lazyScreen(() => Promise.reject(new Error('Failed to fetch dynamically imported module')), 1000);
    render(<Screen />);
    expect(await screen.findByText('This screen could not be loaded')).toBeInTheDocument();
  });
});
