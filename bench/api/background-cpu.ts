// How busy the machine is without us: the share of all cores in use over a short sample taken
// while the benchmark is idle. Other work (a test run, a build) competes for the same 2 cores
// and inflates every latency, so each row says how quiet the machine was just before it.
import { readFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';

async function cpuTimes(): Promise<{ busy: number; total: number } | null> {
  const stat = await readFile('/proc/stat', 'utf8').catch(() => null);
  const fields = stat?.split('\n', 1)[0]?.trim().split(/\s+/).slice(1).map(Number);
  if (!fields || fields.length < 5) return null;
  const total = fields.reduce((sum, value) => sum + value, 0);
  // idle and iowait
  return { busy: total - (fields[3] ?? 0) - (fields[4] ?? 0), total };
}

/** Percent of all cores busy during `ms` (Linux; null elsewhere). */
export async function backgroundCpu(ms = 1000): Promise<number | null> {
  const before = await cpuTimes();
  await sleep(ms);
  const after = await cpuTimes();
  if (!before || !after || after.total === before.total) return null;
  return (100 * (after.busy - before.busy)) / (after.total - before.total);
}

/** Samples once a second until the machine is below `percent` busy or `seconds` pass; the last sample. */
export async function waitForQuiet(percent: number, seconds: number): Promise<number | null> {
  let last = await backgroundCpu();
  for (let waited = 1; last !== null && last >= percent && waited < seconds; waited += 1) last = await backgroundCpu();
  return last;
}
