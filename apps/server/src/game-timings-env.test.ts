import { describe, expect, it } from 'vitest';
import { ConfigError } from './config';
import { gameTimingsFromEnv } from './game-timings-env';

describe('GAME_TIMINGS_MS', () => {
  it('is unset by default: the game keeps the rules timings', () => {
    expect(gameTimingsFromEnv(undefined)).toBeUndefined();
    expect(gameTimingsFromEnv('  ')).toBeUndefined();
  });

  it('reads intro, round and results in ms', () => {
    expect(gameTimingsFromEnv('300,3000,250')).toEqual({ introMs: 300, roundMs: 3000, resultsMs: 250 });
    expect(gameTimingsFromEnv('0,500,0')).toEqual({ introMs: 0, roundMs: 500, resultsMs: 0 });
  });

  it.each(['300,3000', '300,3000,250,1', 'a,b,c', '300,499,250', '300,3000,600001', '-1,3000,0', '1.5,3000,0'])('refuses %j with one line naming the variable', (value) => {
    expect(() => gameTimingsFromEnv(value)).toThrow(ConfigError);
    expect(() => gameTimingsFromEnv(value)).toThrow(/^Invalid configuration: GAME_TIMINGS_MS must be intro,round,results in ms/);
  });
});
