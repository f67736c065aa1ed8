// The session history under the router: the browser's (pushState, popstate) or one in memory for
// tests. Each entry carries its index, so a back or forward button press knows how many entries it
// moved by, and a blocked one can be undone (the duel's leave guard, docs/leaving-a-game.md).

export interface Path {
  readonly pathname: string;
  readonly search: string;
  readonly hash: string;
}

export interface Location extends Path {
  readonly state: unknown;
  /** Unique per entry: what scroll positions are saved under. */
  readonly key: string;
}

/** A target: an address (absolute, or relative to the current path) or its parts. */
export type To = string | Partial<Path>;

export type Action = 'POP' | 'PUSH' | 'REPLACE';

export interface History {
  readonly location: Location;
  push(path: Path, state: unknown): void;
  replace(path: Path, state: unknown): void;
  go(delta: number): void;
  /** A back or forward move, `delta` entries away (0 when the browser cannot tell). */
  listen(listener: (location: Location, delta: number) => void): () => void;
}

/** `to` as a full path, a relative one resolved against `from`'s path. */
export function resolvePath(to: To, from: Path): Path {
  if (typeof to !== 'string') return { pathname: to.pathname ?? from.pathname, search: to.search ?? '', hash: to.hash ?? '' };
  const url = new URL(to, `http://resolve${from.pathname}`);
  return { pathname: url.pathname, search: url.search, hash: url.hash };
}

export function createPath({ pathname, search, hash }: Path): string {
  return `${pathname}${search}${hash}`;
}

const newKey = () => Math.random().toString(36).slice(2, 10);

interface EntryState {
  readonly usr: unknown;
  readonly key: string;
  readonly idx: number;
}

function isEntryState(value: unknown): value is EntryState {
  return typeof value === 'object' && value !== null && 'idx' in value && typeof value.idx === 'number' && 'key' in value;
}

export function createBrowserHistory(): History {
  const listeners = new Set<(location: Location, delta: number) => void>();
  const read = (): { location: Location; idx: number } => {
    const entry: unknown = window.history.state;
    const { pathname, search, hash } = window.location;
    return isEntryState(entry) ? { location: { pathname, search, hash, state: entry.usr, key: entry.key }, idx: entry.idx } : { location: { pathname, search, hash, state: null, key: 'default' }, idx: 0 };
  };
  let current = read();
  // The entry the page opened on gets its index, so a later back to it tells how far it went.
  if (!isEntryState(window.history.state)) window.history.replaceState({ usr: null, key: current.location.key, idx: 0 } satisfies EntryState, '');
  window.addEventListener('popstate', () => {
    const next = read();
    const delta = next.idx - current.idx;
    current = next;
    for (const listener of listeners) listener(next.location, delta);
  });
  const write = (method: 'pushState' | 'replaceState', path: Path, state: unknown, idx: number) => {
    const key = newKey();
    window.history[method]({ usr: state, key, idx } satisfies EntryState, '', createPath(path));
    current = { location: { ...path, state, key }, idx };
  };
  return {
    get location() {
      return current.location;
    },
    push: (path, state) => write('pushState', path, state, current.idx + 1),
    replace: (path, state) => write('replaceState', path, state, current.idx),
    go: (delta) => window.history.go(delta),
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** A history in memory (component tests), starting at the last of `initialEntries`. */
export function createMemoryHistory(initialEntries: readonly string[] = ['/']): History {
  const root: Path = { pathname: '/', search: '', hash: '' };
  const entries: Location[] = (initialEntries.length > 0 ? initialEntries : ['/']).map((entry, index) => ({ ...resolvePath(entry, root), state: null, key: index === 0 ? 'default' : newKey() }));
  let index = entries.length - 1;
  const listeners = new Set<(location: Location, delta: number) => void>();
  return {
    get location() {
      return entries[index] as Location;
    },
    push(path, state) {
      entries.splice(index + 1, entries.length, { ...path, state, key: newKey() });
      index += 1;
    },
    replace(path, state) {
      entries[index] = { ...path, state, key: newKey() };
    },
    go(delta) {
      const next = Math.min(Math.max(index + delta, 0), entries.length - 1);
      if (next === index) return;
      const moved = next - index;
      index = next;
      for (const listener of listeners) listener(entries[index] as Location, moved);
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
