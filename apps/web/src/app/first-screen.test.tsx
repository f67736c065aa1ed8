// The wire contract (zod) waits for the first screen (main.tsx): a read goes out at once, and
// what the navbar shows from the configuration still appears once the contract has loaded.
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { loadProtocolAfter } from '../net/protocol';
import { FakeServer } from '../test-support/fake-server';
import { renderApp } from '../test-support/render-app';
import { afterFirstScreen } from './first-screen';

describe('the wire contract loads after the first screen', () => {
  it('asks for the configuration at once and shows the early-access countdown once the contract is there', async () => {
    const server = new FakeServer();
    server.install();
    server.earlyAccessTarget = new Date(Date.now() + 2 * 86_400_000).toISOString();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The app's own gate (a long cap, so only the shown screen can open it) and one the test opens.
    loadProtocolAfter(Promise.all([afterFirstScreen(60_000), held]));
    renderApp('/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Duel!' })).toBeTruthy();
    await waitFor(() => expect(server.calls).toContain('GET /api/config'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('timer')).toBeNull();

    release();
    expect(await screen.findByRole('timer', { name: 'Time left' })).toBeTruthy();
  });
});
