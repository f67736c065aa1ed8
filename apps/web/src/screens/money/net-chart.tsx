// The net over time, drawn by uPlot. The chart library is its own chunk, fetched only when this
// page has something to draw, so no other route (and not the app's first load) carries it. A
// failed chunk loses the picture, not the page: the list and totals stay.
import { Component, type ReactNode, Suspense, lazy } from 'react';
import type { NetPoint } from '../../features/money/net-series';
import { solText } from '../../features/money/money-amounts';
import styles from './money.module.css';

const NetChartCanvas = lazy(() => import('./net-chart-canvas'));

class ChartBoundary extends Component<{ readonly children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <p className={styles.chartNote}>The chart could not be loaded; the movements below are complete.</p> : this.props.children;
  }
}

export interface NetChartProps {
  readonly points: readonly NetPoint[];
  /** How many confirmed movements the points sum. */
  readonly count: number;
  /** Older pages remain: the line does not reach back to the first movement yet. */
  readonly more: boolean;
}

export function NetChart({ points, count, more }: NetChartProps) {
  const last = points.at(-1);
  if (!last || count === 0) return null;
  const summary = `Net over time: from 0 SOL to ${solText(last.netLamports, { withPlus: true })} over ${count} confirmed ${count === 1 ? 'movement' : 'movements'}`;
  return (
    <figure className={styles.chart}>
      <ChartBoundary>
        <Suspense fallback={<div className={styles.chartBox} />}>
          <NetChartCanvas points={points} label={summary} />
        </Suspense>
      </ChartBoundary>
      <figcaption className={styles.chartNote}>
        Net over time of the {count} confirmed {count === 1 ? 'movement' : 'movements'} shown below, oldest to newest, starting from zero.{more && ' Load more to take it further back.'}
      </figcaption>
    </figure>
  );
}
