// A process's CPU time and resident memory from /proc (Linux), and the whole machine's busy
// share from /proc/stat: how the duels benchmark charges CPU and memory to the server under test,
// to its own load generator, and to everything else running on the machine meanwhile.
import { execFileSync } from 'node:child_process';
import { readFile, readdir } from 'node:fs/promises';

let ticksPerSecond: number | null = null;

function clockTicks(): number {
  if (ticksPerSecond === null) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

/** User + system CPU seconds of a process so far (resolution 1/CLK_TCK, usually 10 ms); null if gone. */
export async function cpuSeconds(pid: number): Promise<number | null> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
  if (stat === null) return null;
  // The command name is in parentheses and may hold spaces: the fields start after the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // fields[0] is field 3 (state); utime and stime are fields 14 and 15.
  return (Number(fields[11]) + Number(fields[12])) / clockTicks();
}

/** Resident set size in MiB (VmRSS), or null if the process is gone. */
export async function rssMiB(pid: number): Promise<number | null> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => null);
  const match = status?.match(/^VmRSS:\s+(\d+)\s+kB/m);
  return match ? Number(match[1]) / 1024 : null;
}

/** Read and write system calls of a process so far (/proc/<pid>/io syscr, syscw), or null if gone. */
export async function syscalls(pid: number): Promise<{ reads: number; writes: number } | null> {
  const io = await readFile(`/proc/${pid}/io`, 'utf8').catch(() => null);
  const reads = io?.match(/^syscr:\s+(\d+)/m);
  const writes = io?.match(/^syscw:\s+(\d+)/m);
  return reads && writes ? { reads: Number(reads[1]), writes: Number(writes[1]) } : null;
}

/** The processes whose command name (/proc/<pid>/comm) is `name`: a local Redis server's CPU is read like ours. */
export async function pidsByName(name: string): Promise<number[]> {
  const entries = await readdir('/proc').catch(() => [] as string[]);
  const pids = entries.filter((entry) => /^\d+$/.test(entry)).map(Number);
  const names = await Promise.all(pids.map((pid) => readFile(`/proc/${pid}/comm`, 'utf8').catch(() => '')));
  return pids.filter((_, i) => names[i]?.trim() === name);
}

/** Sum of the CPU seconds of several processes; those that are gone count 0. */
export async function totalCpuSeconds(pids: Iterable<number>): Promise<Map<number, number>> {
  const seconds = new Map<number, number>();
  await Promise.all([...pids].map(async (pid) => seconds.set(pid, (await cpuSeconds(pid)) ?? 0)));
  return seconds;
}

/** CPU seconds used between two samples by the processes in `after` (new ones count from 0). */
export function cpuBetween(before: Map<number, number>, after: Map<number, number>): number {
  let sum = 0;
  for (const [pid, value] of after) sum += Math.max(0, value - (before.get(pid) ?? 0));
  return sum;
}

export interface MachineTimes {
  readonly busy: number;
  /** Interrupt and softirq time: on loopback most of the network stack runs there, charged to no process. */
  readonly interrupts: number;
  readonly total: number;
}

/** Jiffies of all cores: busy (everything but idle and iowait), interrupts and total. */
export async function machineTimes(): Promise<MachineTimes | null> {
  const stat = await readFile('/proc/stat', 'utf8').catch(() => null);
  // cpu  user nice system idle iowait irq softirq steal guest guest_nice
  const fields = stat?.split('\n', 1)[0]?.trim().split(/\s+/).slice(1).map(Number);
  if (!fields || fields.length < 7) return null;
  // guest time is already counted in user.
  const total = fields.slice(0, 8).reduce((sum, value) => sum + value, 0);
  return { busy: total - (fields[3] ?? 0) - (fields[4] ?? 0), interrupts: (fields[5] ?? 0) + (fields[6] ?? 0), total };
}

/** Shares (0–1) of all cores busy, and in interrupts, between two samples. */
export function busyShare(before: MachineTimes | null, after: MachineTimes | null): { busy: number; interrupts: number } | null {
  if (!before || !after || after.total === before.total) return null;
  const total = after.total - before.total;
  return { busy: (after.busy - before.busy) / total, interrupts: (after.interrupts - before.interrupts) / total };
}
