// The router: the current location, the routes it opens, and the navigations between them. A
// blocker may hold a navigation (link, navigate() or the back button) until it is confirmed or
// dropped: the duel's leave guard (docs/leaving-a-game.md). Scroll positions are saved per history
// entry, so going back returns to where the page was.
import { type Action, type History, type Location, type To, createBrowserHistory, createMemoryHistory, createPath, resolvePath } from './history';
import { type RouteMatch, type RouteObject, matchRoutes } from './match-routes';

export interface NavigateOptions {
  readonly replace?: boolean;
  readonly state?: unknown;
}

export interface Blocker {
  readonly state: 'unblocked' | 'blocked' | 'proceeding';
  /** Where the held navigation goes, while blocked or proceeding. */
  readonly location: Location | undefined;
  /** Lets the held navigation go on. */
  proceed(): void;
  /** Drops the held navigation: the page stays. */
  reset(): void;
}

export type BlockerFunction = (args: { currentLocation: Location; nextLocation: Location; historyAction: Action }) => boolean;

export interface RouterState {
  readonly historyAction: Action;
  readonly location: Location;
  readonly matches: readonly RouteMatch[];
  readonly blocker: Blocker;
}

export interface Router {
  readonly routes: readonly RouteObject[];
  readonly state: RouterState;
  subscribe(listener: (state: RouterState) => void): () => void;
  /** A number moves through the history (-1: back). */
  navigate(to: To | number, options?: NavigateOptions): Promise<void>;
  createHref(to: To): string;
  /** One blocker at a time: the last one set holds navigations until it is removed. */
  setBlocker(shouldBlock: BlockerFunction | null): void;
  /** Saves the scroll position of each entry before leaving it (ScrollRestoration). */
  enableScrollRestoration(positions: Map<string, number>, currentY: () => number): () => void;
}

const noop = () => undefined;
export const IDLE_BLOCKER: Blocker = { state: 'unblocked', location: undefined, proceed: noop, reset: noop };

export function createRouter(routes: readonly RouteObject[], history: History): Router {
  const listeners = new Set<(state: RouterState) => void>();
  const matchesOf = (location: Location) => matchRoutes(routes, location.pathname) ?? [];
  let state: RouterState = { historyAction: 'POP', location: history.location, matches: matchesOf(history.location), blocker: IDLE_BLOCKER };
  let shouldBlock: BlockerFunction | null = null;
  let scroll: { positions: Map<string, number>; currentY: () => number } | null = null;
  // Set while a blocked back/forward move is undone, or a confirmed one is replayed.
  let undoingPop = false;
  let replayingPop = false;

  const update = (next: Partial<RouterState>) => {
    state = { ...state, ...next };
    for (const listener of listeners) listener(state);
  };
  const commit = (historyAction: Action, location: Location) => {
    if (scroll) scroll.positions.set(state.location.key, scroll.currentY());
    update({ historyAction, location, matches: matchesOf(location), blocker: IDLE_BLOCKER });
  };
  /** Holds the navigation when the blocker asks to; `go` performs it on proceed. */
  const held = (nextLocation: Location, historyAction: Action, go: () => void): boolean => {
    if (!shouldBlock?.({ currentLocation: state.location, nextLocation, historyAction })) return false;
    const blocker: Blocker = {
      state: 'blocked',
      location: nextLocation,
      proceed: () => {
        if (state.blocker !== blocker) return;
        update({ blocker: { ...IDLE_BLOCKER, state: 'proceeding', location: nextLocation } });
        go();
      },
      reset: () => {
        if (state.blocker === blocker) update({ blocker: IDLE_BLOCKER });
      },
    };
    update({ blocker });
    return true;
  };

  history.listen((location, delta) => {
    if (undoingPop) {
      undoingPop = false;
      return;
    }
    if (!replayingPop && delta !== 0 && held(location, 'POP', () => {
      replayingPop = true;
      history.go(delta);
    })) {
      // The browser has already moved: move back until the player decides.
      undoingPop = true;
      history.go(-delta);
      return;
    }
    replayingPop = false;
    commit('POP', location);
  });

  const navigate = (to: To | number, options: NavigateOptions = {}): Promise<void> => {
    if (typeof to === 'number') {
      history.go(to);
      return Promise.resolve();
    }
    const path = resolvePath(to, state.location);
    // Opening the address already shown replaces its entry instead of adding a duplicate.
    const action: Action = options.replace || createPath(path) === createPath(state.location) ? 'REPLACE' : 'PUSH';
    const go = () => {
      if (action === 'PUSH') history.push(path, options.state ?? null);
      else history.replace(path, options.state ?? null);
      commit(action, history.location);
    };
    if (!held({ ...path, state: options.state ?? null, key: '' }, action, go)) go();
    return Promise.resolve();
  };

  return {
    routes,
    get state() {
      return state;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    navigate,
    createHref: (to) => createPath(resolvePath(to, state.location)),
    setBlocker(next) {
      shouldBlock = next;
      if (!next && state.blocker.state === 'blocked') update({ blocker: IDLE_BLOCKER });
    },
    enableScrollRestoration(positions, currentY) {
      scroll = { positions, currentY };
      return () => {
        scroll = null;
      };
    },
  };
}

export function createBrowserRouter(routes: readonly RouteObject[]): Router {
  return createRouter(routes, createBrowserHistory());
}

export function createMemoryRouter(routes: readonly RouteObject[], options: { readonly initialEntries?: readonly string[] } = {}): Router {
  return createRouter(routes, createMemoryHistory(options.initialEntries));
}
