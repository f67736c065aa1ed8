// The tournaments module's face: registration and the bracket being played, driven by
// the scheduler (start dates, no-show deadlines, calls) and by the duels' results. All work on
// one tournament runs in its queue.
import { createMatchCalls, DEFAULT_NO_SHOW_MS } from './match-calls';
import { KeyedQueue } from '../../concurrency/keyed-queue';
import { createLogger, reporter } from '../../logger';
import type { MatchHost, ReservedGameOver, TournamentMoney, TournamentNotifier, TournamentsStore } from './ports';
import { createRegistration } from './registration';
import { createScheduler } from './scheduler';

export interface TournamentsDeps {
  readonly store: TournamentsStore;
  /** The duels module's reserved matches. */
  readonly host: MatchHost;
  readonly notifier: TournamentNotifier;
  /** Epoch ms: start dates, no-show deadlines; default Date.now. */
  readonly now?: () => number;
  /** How often the scheduler passes; default 2 s; 0: only when tick() is called. */
  readonly tickMs?: number;
  /** How long a called player has to join the duel; default 2 minutes. */
  readonly noShowMs?: number;
  readonly report?: (error: unknown, message: string) => void;
  readonly newTournamentId?: () => string;
  readonly newInviteCode?: () => string;
  /** Paid entries and prizes (payments + ledger); absent without a chain. */
  readonly money?: TournamentMoney | undefined;
}

export const DEFAULT_TICK_MS = 2_000;

export function createTournaments(deps: TournamentsDeps) {
  const { store } = deps;
  const now = deps.now ?? Date.now;
  const report = deps.report ?? reporter(createLogger('error').child({ module: 'tournaments' }));
  const queue = new KeyedQueue();
  const inFlight = new Set<Promise<void>>();
  const registration = createRegistration({ store, now, money: deps.money, ...(deps.newTournamentId ? { newTournamentId: deps.newTournamentId } : {}) });
  const calls = createMatchCalls({
    store,
    money: deps.money,
    report,
    host: deps.host,
    notifier: deps.notifier,
    now,
    noShowMs: deps.noShowMs ?? DEFAULT_NO_SHOW_MS,
    ...(deps.newInviteCode ? { newInviteCode: deps.newInviteCode } : {}),
  });

  /** Runs a task in a tournament's queue; its failure is reported (the next pass retries). */
  function inQueue(id: string, task: () => Promise<void>, what: string): Promise<void> {
    return queue.run(id, task).catch((error: unknown) => report(error, `tournament ${id}: ${what} failed`));
  }

  async function pass(): Promise<void> {
    const at = new Date(now());
    for (const id of await store.dueToStart(at)) await inQueue(id, () => calls.start(id), 'start');
    for (const call of await store.overdueCalls(at)) await inQueue(call.tournamentId, () => calls.noShow(call), 'no-show');
    for (const id of await store.activeIds()) await inQueue(id, () => calls.callReady(id), 'calling matches');
  }

  async function gameOver(over: ReservedGameOver): Promise<void> {
    const call = await store.findCall(over.key);
    if (call) await inQueue(call.tournamentId, () => calls.gameOver(call, over), 'result');
  }

  deps.host.onGameOver((over) => {
    const task = gameOver(over).catch((error: unknown) => report(error, 'tournament result failed'));
    inFlight.add(task);
    void task.finally(() => inFlight.delete(task));
  });

  const scheduler = createScheduler({ pass, intervalMs: deps.tickMs ?? DEFAULT_TICK_MS, report });

  return {
    create: registration.create,
    list: registration.list,
    detail: registration.detail,
    join: registration.join,
    requestEntry: registration.requestEntry,

    /** A player's waiting calls, for the socket that just connected. */
    waitingNotices: calls.waitingNotices,

    /** One scheduler pass now (tests move their clock, then tick). */
    tick: scheduler.tick,

    /** Calls left open by a previous process are void (their duels died with it); then the scheduler runs. */
    async start(): Promise<void> {
      await store.voidOpenCalls(new Date(now()));
      await scheduler.tick();
      scheduler.start();
    },

    async stop(): Promise<void> {
      await scheduler.stop();
      await Promise.all(inFlight);
      await queue.idle();
    },
  };
}

export type Tournaments = ReturnType<typeof createTournaments>;
