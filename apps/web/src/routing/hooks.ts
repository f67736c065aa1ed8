// What a component reads from the router: the location, the page's `:name` parameters, a way to
// navigate, and a blocker that holds navigations away (the duel's leave guard).
import { useCallback, useContext, useEffect, useRef } from 'react';
import type { Location, To } from './history';
import type { Params } from './match-routes';
import { type Blocker, type BlockerFunction, IDLE_BLOCKER, type NavigateOptions } from './router';
import { OutletContext, useRouter, useRouterState } from './router-provider';

export type NavigateFunction = (to: To | number, options?: NavigateOptions) => Promise<void>;

export function useLocation(): Location {
  return useRouterState().location;
}

export function useNavigate(): NavigateFunction {
  const router = useRouter();
  return useCallback((to, options) => router.navigate(to, options), [router]);
}

const NO_PARAMS: Params = {};

/** The `:name` segments of the page's route, decoded. */
export function useParams(): Params {
  const { matches, index } = useContext(OutletContext);
  return matches[index]?.params ?? NO_PARAMS;
}

/** Holds every navigation `shouldBlock` says yes to, until the blocker's proceed() or reset(). */
export function useBlocker(shouldBlock: BlockerFunction): Blocker {
  const router = useRouter();
  const state = useRouterState();
  const latest = useRef(shouldBlock);
  useEffect(() => {
    latest.current = shouldBlock;
  });
  useEffect(() => {
    router.setBlocker((args) => latest.current(args));
    return () => router.setBlocker(null);
  }, [router]);
  return state.blocker.state === 'unblocked' ? IDLE_BLOCKER : state.blocker;
}
