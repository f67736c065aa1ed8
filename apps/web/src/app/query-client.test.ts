// The app's one retry policy, through a real query client: a 4xx answer is not asked again,
// anything else is asked twice more before the query fails.
import { QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../net/http';
import { createQueryClient } from './query-client';

async function attempts(error: Error): Promise<number> {
  const client = createQueryClient();
  let calls = 0;
  const observer = new QueryObserver(client, {
    queryKey: ['q'],
    queryFn: () => {
      calls += 1;
      throw error;
    },
    retryDelay: 0,
  });
  await new Promise<void>((resolve) => {
    const stop = observer.subscribe((result) => {
      if (result.status !== 'error') return;
      stop();
      resolve();
    });
  });
  client.clear();
  return calls;
}

const answered = (status: number) => new ApiError('refused', { status, reachedServer: true, serverMessage: 'refused' });

describe('the query client', () => {
  it('does not ask again after a 404 or another client error', async () => {
    expect(await attempts(answered(404))).toBe(1);
    expect(await attempts(answered(400))).toBe(1);
  });

  it('asks twice more after a server error, a network failure or an RPC error', async () => {
    expect(await attempts(answered(503))).toBe(3);
    expect(await attempts(new ApiError('Network error', { status: 0, reachedServer: false }))).toBe(3);
    expect(await attempts(new Error('fetch failed'))).toBe(3);
  });
});
