// The router in React: the matched routes rendered from the outermost layout inwards (each
// layout's <Outlet /> holds the next), the location and the router for the hooks below them.
import { Component, type ComponentType, type ReactNode, createContext, startTransition, useContext, useLayoutEffect, useState } from 'react';
import type { RouteMatch } from './match-routes';
import { type Router, type RouterState, createMemoryRouter } from './router';

export const RouterContext = createContext<Router | null>(null);
export const RouterStateContext = createContext<RouterState | null>(null);

interface OutletValue {
  readonly matches: readonly RouteMatch[];
  readonly index: number;
}
export const OutletContext = createContext<OutletValue>({ matches: [], index: -1 });
const RouteErrorContext = createContext<unknown>(undefined);

export function useRouter(): Router {
  const router = useContext(RouterContext);
  if (!router) throw new Error('This component needs a router above it (RouterProvider or MemoryRouter).');
  return router;
}

export function useRouterState(): RouterState {
  const state = useContext(RouterStateContext);
  if (!state) throw new Error('This component needs a router above it (RouterProvider or MemoryRouter).');
  return state;
}

/** The error a route's ErrorBoundary is showing. */
export function useRouteError(): unknown {
  return useContext(RouteErrorContext);
}

interface BoundaryProps {
  readonly fallback: ComponentType;
  /** A new location clears the error: the next page gets its chance. */
  readonly locationKey: string;
  readonly children: ReactNode;
}

class RouteErrorBoundary extends Component<BoundaryProps, { error: unknown; locationKey: string }> {
  override state = { error: undefined as unknown, locationKey: this.props.locationKey };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('Unexpected error') };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { error: unknown; locationKey: string }) {
    return props.locationKey === state.locationKey ? null : { error: undefined, locationKey: props.locationKey };
  }

  override render() {
    if (this.state.error === undefined) return this.props.children;
    const Fallback = this.props.fallback;
    return (
      <RouteErrorContext.Provider value={this.state.error}>
        <Fallback />
      </RouteErrorContext.Provider>
    );
  }
}

function RenderedRoute({ matches, index }: OutletValue) {
  const state = useRouterState();
  const match = matches[index];
  if (!match) return null;
  const { route } = match;
  const Screen = route.Component;
  const element = route.element ?? (Screen ? <Screen /> : <Outlet />);
  const rendered = <OutletContext.Provider value={{ matches, index }}>{element}</OutletContext.Provider>;
  if (!route.ErrorBoundary) return rendered;
  return (
    <RouteErrorBoundary fallback={route.ErrorBoundary} locationKey={state.location.key}>
      {rendered}
    </RouteErrorBoundary>
  );
}

/** Where a layout route shows the route inside it. */
export function Outlet() {
  const { matches, index } = useContext(OutletContext);
  return <RenderedRoute matches={matches} index={index + 1} />;
}

/** Follows the router's state; a navigation renders as a transition, so the page shown stays
 * until the next one (its chunk included) is ready. */
function useFollow(router: Router): RouterState {
  const [state, setState] = useState(router.state);
  useLayoutEffect(() => {
    setState(router.state);
    return router.subscribe((next) => startTransition(() => setState(next)));
  }, [router]);
  return state;
}

function Routed({ router, children }: { readonly router: Router; readonly children: ReactNode }) {
  const state = useFollow(router);
  return (
    <RouterContext.Provider value={router}>
      <RouterStateContext.Provider value={state}>{children}</RouterStateContext.Provider>
    </RouterContext.Provider>
  );
}

function Routes() {
  return <RenderedRoute matches={useRouterState().matches} index={0} />;
}

export function RouterProvider({ router }: { readonly router: Router }) {
  return (
    <Routed router={router}>
      <Routes />
    </Routed>
  );
}

/** A router in memory around `children` (component tests of parts that hold links). */
export function MemoryRouter({ initialEntries, children }: { readonly initialEntries?: readonly string[]; readonly children: ReactNode }) {
  const [router] = useState(() => createMemoryRouter([], { initialEntries }));
  return <Routed router={router}>{children}</Routed>;
}
