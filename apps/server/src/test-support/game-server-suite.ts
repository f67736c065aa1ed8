// A socket test suite's lifetime in one call: a test database and the game server on it before
// the suite (with the named players signed up), both stopped after it.
//
//   let database: Database, game: GameHarness, alice: Player, bob: Player;
//   useGameServer(target, (suite) => ({ database, game, players: { alice, bob } } = suite), { players: ['alice', 'bob'] });
import { afterAll, beforeAll } from 'vitest';
import type { ComposeOptions } from '../compose';
import type { Config } from '../config';
import { type Database, type GameHarness, type Player, signUp, startGameServer } from './game-server';
import type { TestDatabase } from './test-databases';

export interface GameServerSuite<Name extends string> {
  readonly database: Database;
  readonly game: GameHarness;
  /** Each name `options.players` lists, signed up under that name. */
  readonly players: Record<Name, Player>;
}

export function useGameServer<Name extends string = never>(
  target: TestDatabase,
  opened: (suite: GameServerSuite<Name>) => void,
  options: ComposeOptions & { config?: Partial<Config>; players?: readonly Name[] } = {},
): void {
  const { players: names = [], ...serverOptions } = options;
  let database: Database | undefined;
  let game: GameHarness | undefined;
  beforeAll(async () => {
    database = await target.open();
    const started = await startGameServer(database, serverOptions);
    game = started;
    const signedUp = await Promise.all(names.map(async (name) => [name, await signUp(started.url, name)] as const));
    opened({ database, game: started, players: Object.fromEntries(signedUp) as Record<Name, Player> });
  });
  afterAll(async () => {
    await game?.stop();
    await database?.close();
  });
}
