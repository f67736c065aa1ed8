// Every route is its own chunk (a 120 s chunk-load timeout). A chunk that fails or
// takes too long shows a retry message instead of a blank page; Retry loads it again.
import { CHUNK_LOAD_TIMEOUT_MS } from '@duel-dojo/rules';
import { Component, type ComponentType, type ErrorInfo, type ReactNode, Suspense, lazy, useEffect, useState } from 'react';
import { ErrorState, LoadingState } from '../components/status/status';
import { markScreenShown } from './first-screen';

type Loader = () => Promise<{ default: ComponentType }>;

export class ChunkTimeoutError extends Error {
  constructor() {
    super('Loading this screen took too long.');
    this.name = 'ChunkTimeoutError';
  }
}

export function withTimeout<T>(promise: Promise<T>, timeoutMs: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkTimeoutError()), timeoutMs);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

interface BoundaryProps {
  readonly onRetry: () => void;
  readonly children: ReactNode;
}

class ScreenBoundary extends Component<BoundaryProps, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.warn('A screen failed to load or render', error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const timedOut = error instanceof ChunkTimeoutError;
    return (
      <div className="container">
        <ErrorState
          title={timedOut ? 'Still loading…' : 'This screen could not be loaded'}
          message={timedOut ? 'The screen took too long to load. Check your connection and retry.' : 'Check your connection and retry. If it keeps failing, reload the page.'}
          onRetry={this.props.onRetry}
        />
      </div>
    );
  }
}

/** Commits with the screen it follows (same Suspense boundary): the screen is on screen. */
function ScreenShown() {
  useEffect(markScreenShown, []);
  return null;
}

/** A route's screen: a component that loads its chunk on first render, or earlier on preload(). */
export type LazyScreen = ComponentType & { preload(): Promise<void> };

/** A route's screen, loaded on first visit with a timeout and a retry. */
export function lazyScreen(load: Loader, timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS): LazyScreen {
  let loading: ReturnType<Loader> | null = null;
  let loaded: ComponentType | null = null;
  const start = () =>
    (loading ??= load().then((module) => {
      loaded = module.default;
      return module;
    }));
  const make = () => lazy(() => withTimeout(start(), timeoutMs));
  let Screen = make();
  function LazyScreen() {
    const [attempt, setAttempt] = useState(0);
    // A screen whose chunk is already here renders in the same commit as the frame around it:
    // no "Loading…" first, and no wait for React's pause before revealing what replaces a
    // fallback. Fixed per mount, so the screen is never swapped for a new instance of itself.
    const [Ready] = useState(() => loaded);
    const retry = () => {
      loading = null;
      Screen = make();
      setAttempt((value) => value + 1);
    };
    return (
      <ScreenBoundary key={attempt} onRetry={retry}>
        <Suspense fallback={<div className="container"><LoadingState label="Loading…" /></div>}>
          {Ready ? <Ready /> : <Screen />}
          <ScreenShown />
        </Suspense>
      </ScreenBoundary>
    );
  }
  // A failure is shown when the screen renders and awaits the same load; here it is only started.
  LazyScreen.preload = () => start().then(
    () => undefined,
    () => undefined,
  );
  return LazyScreen;
}

/**
 * Starts the chunks of the screens a page opens with while React is still rendering the frame
 * around them, rather than after it (one round trip less before the first screen on a phone).
 * Resolves once they are here (or failed: the screen then shows its retry message).
 */
export async function preloadScreens(matches: readonly { readonly route: { readonly Component?: unknown } }[]): Promise<void> {
  const loads = matches.flatMap(({ route }) => {
    const Component = route.Component;
    return typeof Component === 'function' && 'preload' in Component && typeof Component.preload === 'function' ? [Component.preload() as Promise<void>] : [];
  });
  await Promise.all(loads);
}
