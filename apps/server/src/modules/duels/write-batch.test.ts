// Group commit across games: the writes handed in during one turn go as one statement, each gets
// its own answer, a game's second write waits for the next statement, and a failed statement
// fails each of its writes (their write-behinds retry). The flush is triggered by hand.
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { WriteBatch, windowDefer } from './write-batch';

interface Row {
  readonly game: string;
  readonly round: number;
}

function harness(maxRows?: number, maxInFlight?: number) {
  const flushes: (() => void)[] = [];
  const statements: { rows: Row[]; answer: (written: ReadonlySet<string>) => void; fail: (error: Error) => void }[] = [];
  const batch = new WriteBatch<Row>(
    (rows) =>
      new Promise((answer, fail) => {
        statements.push({ rows: [...rows], answer, fail });
      }),
    (row) => row.game,
    (flush) => flushes.push(flush),
    maxRows,
    maxInFlight,
  );
  const settle = () => sleep(0);
  const turn = async () => {
    await settle();
    for (const flush of flushes.splice(0)) flush();
  };
  return { batch, statements, turn, settle };
}

describe('WriteBatch', () => {
  it("writes one turn's rows of many games in one statement; a refused row fails only its own write", async () => {
    const h = harness();
    const answers = ['a', 'b', 'c'].map((game) => h.batch.write({ game, round: 1 }));
    expect(h.statements).toHaveLength(0);
    await h.turn();
    expect(h.statements.map((s) => s.rows.map((row) => row.game))).toEqual([['a', 'b', 'c']]);
    // Game b's lease moved on: its row was refused, the others landed.
    h.statements[0]?.answer(new Set(['a', 'c']));
    expect(await Promise.all(answers)).toEqual([true, false, true]);
  });

  it("gathers the next rows while a statement runs; a game's second write goes in the next statement, after its first", async () => {
    const h = harness();
    const first = h.batch.write({ game: 'a', round: 1 });
    await h.turn();
    const later = [h.batch.write({ game: 'a', round: 2 }), h.batch.write({ game: 'b', round: 1 }), h.batch.write({ game: 'a', round: 3 })];
    await h.turn();
    expect(h.statements).toHaveLength(1);
    h.statements[0]?.answer(new Set(['a']));
    expect(await first).toBe(true);
    await h.turn();
    expect(h.statements[1]?.rows).toEqual([
      { game: 'a', round: 2 },
      { game: 'b', round: 1 },
    ]);
    h.statements[1]?.answer(new Set(['a', 'b']));
    await h.turn();
    expect(h.statements[2]?.rows).toEqual([{ game: 'a', round: 3 }]);
    h.statements[2]?.answer(new Set(['a']));
    expect(await Promise.all(later)).toEqual([true, true, true]);
  });

  it('fails every write of a failed statement, and goes on with the next rows', async () => {
    const h = harness();
    const failed = [h.batch.write({ game: 'a', round: 1 }), h.batch.write({ game: 'b', round: 1 })];
    await h.turn();
    h.statements[0]?.fail(new Error('database away'));
    for (const answer of failed) await expect(answer).rejects.toThrow('database away');
    const retried = h.batch.write({ game: 'a', round: 1 });
    await h.turn();
    h.statements[1]?.answer(new Set(['a']));
    expect(await retried).toBe(true);
  });

  it('with two statements in flight, a write does not wait for the first to end; a game already in flight waits for its own', async () => {
    const h = harness(undefined, 2);
    const first = h.batch.write({ game: 'a', round: 1 });
    await h.turn();
    const second = [h.batch.write({ game: 'b', round: 1 }), h.batch.write({ game: 'a', round: 2 })];
    await h.turn();
    // b goes at once beside the statement in flight; a's second write waits for a's first.
    expect(h.statements.map((s) => s.rows.map((row) => `${row.game}${row.round}`))).toEqual([['a1'], ['b1']]);
    const third = h.batch.write({ game: 'c', round: 1 });
    await h.turn();
    expect(h.statements).toHaveLength(2);
    h.statements[0]?.answer(new Set(['a']));
    expect(await first).toBe(true);
    await h.turn();
    expect(h.statements.map((s) => s.rows.map((row) => `${row.game}${row.round}`))).toEqual([['a1'], ['b1'], ['a2', 'c1']]);
    h.statements[1]?.answer(new Set(['b']));
    h.statements[2]?.answer(new Set(['a', 'c']));
    expect(await Promise.all([...second, third])).toEqual([true, true, true]);
  });

  it('puts at most maxRows rows in a statement; the rest follow in order', async () => {
    const h = harness(2);
    const answers = ['a', 'b', 'c'].map((game) => h.batch.write({ game, round: 1 }));
    await h.turn();
    expect(h.statements[0]?.rows.map((row) => row.game)).toEqual(['a', 'b']);
    h.statements[0]?.answer(new Set(['a', 'b']));
    await h.turn();
    expect(h.statements[1]?.rows.map((row) => row.game)).toEqual(['c']);
    h.statements[1]?.answer(new Set(['c']));
    expect(await Promise.all(answers)).toEqual([true, true, true]);
  });
});

describe('windowDefer', () => {
  it('lets the writes of a window go in one statement, and the next window in the next', async () => {
    const timers: { run: () => void; ms: number }[] = [];
    const statements: string[][] = [];
    const batch = new WriteBatch<Row>(
      async (rows) => (statements.push(rows.map((row) => row.game)), new Set(rows.map((row) => row.game))),
      (row) => row.game,
      windowDefer(100, (run, ms) => timers.push({ run, ms })),
    );
    const first = [batch.write({ game: 'a', round: 3 }), batch.write({ game: 'b', round: 1 })];
    // One timer for the window, however many writes come in it.
    expect(timers.map((timer) => timer.ms)).toEqual([100]);
    expect(statements).toEqual([]);
    timers.shift()?.run();
    expect(await Promise.all(first)).toEqual([true, true]);
    const later = batch.write({ game: 'c', round: 2 });
    await sleep(0);
    expect(statements).toEqual([['a', 'b']]);
    expect(timers.map((timer) => timer.ms)).toEqual([100]);
    timers.shift()?.run();
    expect(await later).toBe(true);
    expect(statements).toEqual([['a', 'b'], ['c']]);
  });
});
