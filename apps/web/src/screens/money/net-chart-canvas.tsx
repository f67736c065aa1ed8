// uPlot on a canvas: a stepped line (the net changes only when money moves) over a time axis,
// sized to its box and redrawn when the box resizes. Colours come from the theme's variables.
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { LAMPORTS_PER_SOL } from '@duel-dojo/rules';
import type { NetPoint } from '../../features/money/net-series';
import styles from './money.module.css';

const HEIGHT = 200;
/** The narrowest time window drawn: a stake and its refund a second apart still read as a step. */
const MIN_WINDOW_MS = 60_000;
/** The flattest net range drawn, in SOL: a net that never moved sits mid-chart, not on an edge. */
const MIN_SPAN_SOL = 0.01;

/** Centres a window at least `least` wide on [min, max]. */
function widen(min: number, max: number, least: number): uPlot.Range.MinMax {
  const extra = Math.max(0, least - (max - min)) / 2;
  return [min - extra, max + extra];
}

/** The net's range always holds zero, with a tenth of margin above and below. */
function netRange(_plot: uPlot, min: number | null, max: number | null): uPlot.Range.MinMax {
  const low = Math.min(min ?? 0, 0);
  const high = Math.max(max ?? 0, 0);
  const [from, to] = widen(low, high, MIN_SPAN_SOL) as [number, number];
  const margin = (to - from) / 10;
  return [from - margin, to + margin];
}

function themeColour(name: string, fallback: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}

function chartOptions(width: number): uPlot.Options {
  const muted = themeColour('--muted', '#b3abc2');
  const line = themeColour('--line', '#3a3348');
  const gold = themeColour('--gold', '#f5b83d');
  const axis = { stroke: muted, grid: { stroke: line, width: 1 }, ticks: { stroke: line, width: 1 } };
  return {
    width,
    height: HEIGHT,
    legend: { show: false },
    cursor: { drag: { x: false, y: false } },
    ms: 1,
    scales: {
      x: { time: true, range: (_plot, min, max) => widen(min ?? 0, max ?? 0, MIN_WINDOW_MS) },
      y: { range: netRange },
    },
    axes: [axis, { ...axis, size: 60, label: 'SOL', labelSize: 18 }],
    series: [{}, { label: 'Net SOL', stroke: gold, width: 2, fill: `${gold}22`, fillTo: 0, paths: uPlot.paths.stepped?.({ align: 1 }), points: { show: true, size: 6, fill: gold } }],
  };
}

/** Lamports to SOL as a float for drawing only; the exact amounts are the list's. */
const toSolNumber = (lamports: bigint) => Number(lamports) / Number(LAMPORTS_PER_SOL);

export default function NetChartCanvas({ points, label }: { readonly points: readonly NetPoint[]; readonly label: string }) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = box.current;
    if (!element) return undefined;
    const data: uPlot.AlignedData = [points.map((point) => point.time), points.map((point) => toSolNumber(point.netLamports))];
    const plot = new uPlot(chartOptions(element.clientWidth), data, element);
    const observer = new ResizeObserver(() => plot.setSize({ width: element.clientWidth, height: HEIGHT }));
    observer.observe(element);
    return () => {
      observer.disconnect();
      plot.destroy();
    };
  }, [points]);

  return <div ref={box} className={styles.chartBox} role="img" aria-label={label} data-testid="net-chart" />;
}
