// `--profile`: V8's sampling profiler inside a target process, started and stopped around the
// measurement window only (not startup or connecting), summarised there so only a few lines
// cross the IPC channel: self time by function and by package, and inclusive time of our code.
import { Session } from 'node:inspector/promises';

export interface ProfileLine {
  readonly name: string;
  readonly percent: number;
}

export interface ProfileSummary {
  readonly seconds: number;
  /** Self time by function (name and file:line). */
  readonly selfByFunction: ProfileLine[];
  /** Self time by package or source folder. */
  readonly selfByPackage: ProfileLine[];
  /** Time in a function of ours and everything it called (recursion counted once). */
  readonly inclusiveOurs: ProfileLine[];
}

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples?: number[];
  startTime: number;
  endTime: number;
}

const OURS = /\/(apps\/server\/src|packages\/[^/]+\/src)\//;

function shortUrl(url: string): string {
  const ours = url.match(/\/(apps\/server\/src\/.*|packages\/[^/]+\/src\/.*)$/);
  if (ours?.[1]) return ours[1];
  const modules = url.lastIndexOf('/node_modules/');
  if (modules >= 0) return url.slice(modules + '/node_modules/'.length);
  return url.replace(/^file:\/\//, '');
}

function packageOf(frame: CallFrame): string {
  const { url, functionName } = frame;
  if (!url) return functionName.startsWith('(') ? functionName : '(native/V8 builtins)';
  if (url.startsWith('node:')) return 'node: internals';
  const modules = url.lastIndexOf('/node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + '/node_modules/'.length).split('/');
    return rest[0]?.startsWith('@') ? `${rest[0]}/${rest[1] ?? ''}` : (rest[0] ?? url);
  }
  const ours = url.match(/\/(apps\/server\/src\/[^/]+|packages\/[^/]+)\//);
  return ours?.[1] ?? shortUrl(url);
}

const frameName = (frame: CallFrame): string =>
  frame.url ? `${frame.functionName || '(anonymous)'} ${shortUrl(frame.url)}:${frame.lineNumber + 1}` : frame.functionName || '(anonymous)';

function top(map: Map<string, number>, total: number, count: number): ProfileLine[] {
  return [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, samples]) => ({ name, percent: (100 * samples) / Math.max(1, total) }));
}

export function summarize(profile: CpuProfile, count = 20): ProfileSummary {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const hits = new Map<number, number>();
  for (const id of profile.samples ?? []) hits.set(id, (hits.get(id) ?? 0) + 1);
  const total = profile.samples?.length ?? 0;

  const selfByFunction = new Map<string, number>();
  const selfByPackage = new Map<string, number>();
  for (const [id, n] of hits) {
    const frame = byId.get(id)?.callFrame;
    if (!frame) continue;
    selfByFunction.set(frameName(frame), (selfByFunction.get(frameName(frame)) ?? 0) + n);
    selfByPackage.set(packageOf(frame), (selfByPackage.get(packageOf(frame)) ?? 0) + n);
  }

  // Inclusive samples per function of ours: each node's subtree, unless an ancestor is the same function.
  const inclusive = new Map<string, number>();
  const open = new Map<string, number>();
  const subtree = (id: number): number => {
    const node = byId.get(id);
    if (!node) return 0;
    const key = OURS.test(node.callFrame.url) ? frameName(node.callFrame) : null;
    if (key) open.set(key, (open.get(key) ?? 0) + 1);
    let sum = hits.get(id) ?? 0;
    for (const child of node.children ?? []) sum += subtree(child);
    if (key) {
      const depth = open.get(key) ?? 1;
      if (depth === 1) inclusive.set(key, (inclusive.get(key) ?? 0) + sum);
      open.set(key, depth - 1);
    }
    return sum;
  };
  const root = profile.nodes[0];
  if (root) subtree(root.id);

  return {
    seconds: (profile.endTime - profile.startTime) / 1e6,
    selfByFunction: top(selfByFunction, total, count),
    selfByPackage: top(selfByPackage, total, count),
    inclusiveOurs: top(inclusive, total, count),
  };
}

/** A profiler for this process: start() at the window's start, stop() at its end. */
export function createProfiler() {
  let session: Session | null = null;
  return {
    async start(): Promise<void> {
      session = new Session();
      session.connect();
      await session.post('Profiler.enable');
      await session.post('Profiler.start');
    },
    async stop(): Promise<ProfileSummary> {
      if (!session) throw new Error('profiler not started');
      const { profile } = (await session.post('Profiler.stop')) as { profile: CpuProfile };
      session.disconnect();
      session = null;
      return summarize(profile);
    },
  };
}
