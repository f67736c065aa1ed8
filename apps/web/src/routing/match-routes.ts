// Which routes a path opens: a layout route (no path) around page routes. Patterns follow
// packages/protocol's web-routes.ts, which the server matches with the same rules to answer a page
// address with 200 or 404: `:name` is one segment, static segments compare case-insensitively, a
// trailing slash is ignored; `*` takes the rest and loses to any other match.
import type { ComponentType, ReactNode } from 'react';

export interface RouteObject {
  readonly path?: string;
  readonly index?: boolean;
  readonly Component?: ComponentType | null;
  readonly element?: ReactNode;
  /** Shown instead of the route (and what it holds) when rendering it throws. */
  readonly ErrorBoundary?: ComponentType | null;
  readonly children?: readonly RouteObject[];
}

export type Params = Readonly<Record<string, string | undefined>>;

export interface RouteMatch {
  readonly route: RouteObject;
  readonly params: Params;
}

interface Branch {
  readonly routes: readonly RouteObject[];
  readonly segments: readonly string[];
}

const segmentsOf = (path: string) => path.split('/').filter((segment) => segment !== '');

function branchesOf(routes: readonly RouteObject[], parents: readonly RouteObject[] = [], parentSegments: readonly string[] = []): Branch[] {
  return routes.flatMap((route) => {
    const segments = [...parentSegments, ...segmentsOf(route.path ?? '')];
    const chain = [...parents, route];
    if (route.children && route.children.length > 0) return branchesOf(route.children, chain, segments);
    return route.index || route.path !== undefined ? [{ routes: chain, segments }] : [];
  });
}

function decode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

function paramsOf(pattern: readonly string[], path: readonly string[]): Record<string, string> | null {
  const params: Record<string, string> = {};
  for (const [index, expected] of pattern.entries()) {
    if (expected === '*') {
      params['*'] = path.slice(index).join('/');
      return params;
    }
    const actual = path[index];
    if (actual === undefined) return null;
    if (expected.startsWith(':')) {
      const value = decode(actual);
      if (value === null) return null;
      params[expected.slice(1)] = value;
    } else if (expected.toLowerCase() !== actual.toLowerCase()) return null;
  }
  return pattern.length === path.length ? params : null;
}

/** The routes from the outermost layout to the page that `pathname` opens, or null. */
export function matchRoutes(routes: readonly RouteObject[], pathname: string): readonly RouteMatch[] | null {
  const path = segmentsOf(pathname);
  let fallback: readonly RouteMatch[] | null = null;
  for (const branch of branchesOf(routes)) {
    const params = paramsOf(branch.segments, path);
    if (!params) continue;
    const matches = branch.routes.map((route) => ({ route, params }));
    if (!branch.segments.includes('*')) return matches;
    fallback ??= matches;
  }
  return fallback;
}
