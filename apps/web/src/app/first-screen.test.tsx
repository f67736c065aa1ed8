// The wire contract (zod) waits for the first screen (start.tsx): a read goes out at once, and
// what the navbar shows from the configuration still appears once the contract has loaded.
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { loadProtocolAfter } from '../net/protocol';
import { FakeServer } from '../test-support/fake-server';
import { renderApp } from '../test-support/render-app';
import { afterFirstScreen } from './first-screen';

describe('the wire contract loads after the first screen', () => {
  it('asks for the configuration at once and shows the early-access countdown once the contract is there', async () => {
    // Already in memory, schemas the gate did not hold would parse the answer as soon as it came.
    // The dev wallet the local configuration registers is loaded too, so that download is not
    // still running once the test ends.
    await Promise.all([import('@duel-dojo/protocol/config'), import('@duel-dojo/protocol/errors'), import('../features/wallet/dev-wallet/register')]);
    const server = new FakeServer();
    // The moment the page has read the configuration's answer: from then on only the gate holds it.
    let answerRead: () => void = () => undefined;
    const read = new Promise<void>((resolve) => (answerRead = resolve));
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const response = await server.fetch(input, init);
      if (String(input).startsWith('/api/config')) {
        const body = response.json.bind(response);
        response.json = () => body().finally(answerRead);
      }
      return response;
    });
    server.earlyAccessTarget = new Date(Date.now() + 2 * 86_400_000).toISOString();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The app's own gate (a long cap, so only the shown screen can open it) and one the test opens.
    loadProtocolAfter(Promise.all([afterFirstScreen(60_000), held]));
    renderApp('/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Duel!' })).toBeInTheDocument();
    await waitFor(() => expect(server.calls).toContain('GET /api/config'));
    await read;
    // A few turns of the event loop (not a wait on the clock): enough for a parsed answer to
    // reach the screen, whose updates the query cache hands on from a zero-delay timer.
    for (let turn = 0; turn < 3; turn += 1) await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();

    release();
    expect(await screen.findByRole('timer', { name: 'Time left' })).toBeInTheDocument();
  });
});
