// The ladder as a plain SVG (no plotting dependency): p99 of "round closed -> roundEnd received"
// and CPU seconds per 1,000 rounds against N, the game server beside the relay of the same run.
// run.ts writes it next to this file (ladder.svg) for bench/README.md.
import { type Kind, type Step, TARGET_P99_MS, cpuPer1k } from './step';

const WIDTH = 820;
const HEIGHT = 360;
const PANEL = { width: 340, height: 230, top: 70, lefts: [60, 470] } as const;
const COLORS: Record<Kind, string> = { game: '#c0392b', relay: '#2c6fbb' };
const DASH: Record<Kind, string> = { game: '', relay: ' stroke-dasharray="6 4"' };
const LABEL: Record<Kind, string> = { game: 'game server', relay: 'relay (floor)' };

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const round1 = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(1));

interface Series {
  readonly kind: Kind;
  readonly points: readonly { duels: number; value: number }[];
}

/** A value axis from 0 to a round number above the largest value. */
function niceMax(value: number): number {
  if (!(value > 0)) return 1;
  const step = 10 ** Math.floor(Math.log10(value));
  return [1, 2, 2.5, 5, 10].map((m) => m * step).find((top) => top >= value * 1.1) ?? 10 * step;
}

function panel(left: number, title: string, unit: string, ladder: readonly number[], series: readonly Series[], target: number | null): string {
  const { width, height, top } = PANEL;
  const values = series.flatMap((line) => line.points.map((point) => point.value)).filter(Number.isFinite);
  const yMax = niceMax(Math.max(...values, target ?? 0));
  const [low = 1, high = 1] = [Math.min(...ladder), Math.max(...ladder)];
  // N on a log scale: the ladder spans 50 to 7,500.
  const x = (duels: number) => left + (high === low ? width / 2 : ((Math.log(duels) - Math.log(low)) / (Math.log(high) - Math.log(low))) * (width - 30) + 15);
  const y = (value: number) => top + height - (value / yMax) * height;
  const parts: string[] = [
    `<text x="${left}" y="${top - 12}" font-size="13" font-weight="bold">${escape(title)}</text>`,
    `<rect x="${left}" y="${top}" width="${width}" height="${height}" fill="none" stroke="#999"/>`,
  ];
  for (let i = 0; i <= 4; i += 1) {
    const value = (yMax * i) / 4;
    parts.push(`<line x1="${left}" x2="${left + width}" y1="${y(value)}" y2="${y(value)}" stroke="#eee"/>`);
    parts.push(`<text x="${left - 6}" y="${y(value) + 4}" font-size="10" text-anchor="end">${Number(value.toFixed(2))}</text>`);
  }
  for (const duels of ladder) parts.push(`<text x="${x(duels)}" y="${top + height + 15}" font-size="10" text-anchor="middle">${duels}</text>`);
  parts.push(`<text x="${left + width / 2}" y="${top + height + 32}" font-size="11" text-anchor="middle">concurrent duels (N, log scale)</text>`);
  parts.push(`<text x="${left - 45}" y="${top + height / 2}" font-size="11" text-anchor="middle" transform="rotate(-90 ${left - 45} ${top + height / 2})">${escape(unit)}</text>`);
  if (target !== null) {
    parts.push(`<line x1="${left}" x2="${left + width}" y1="${y(target)}" y2="${y(target)}" stroke="#555" stroke-dasharray="2 3"/>`);
    parts.push(`<text x="${left + width - 4}" y="${y(target) - 4}" font-size="10" text-anchor="end">target ${target} ms</text>`);
  }
  for (const line of series) {
    const points = line.points.filter((point) => Number.isFinite(point.value));
    if (points.length > 1) parts.push(`<polyline fill="none" stroke="${COLORS[line.kind]}" stroke-width="2"${DASH[line.kind]} points="${points.map((point) => `${x(point.duels)},${y(point.value)}`).join(' ')}"/>`);
    for (const point of points) {
      parts.push(`<circle cx="${x(point.duels)}" cy="${y(point.value)}" r="3.5" fill="${COLORS[line.kind]}"/>`);
      const above = line.kind === 'game' ? -8 : 15;
      parts.push(`<text x="${x(point.duels)}" y="${y(point.value) + above}" font-size="10" text-anchor="middle" fill="${COLORS[line.kind]}">${round1(point.value)}</text>`);
    }
  }
  return parts.join('\n  ');
}

/** `caption`: when and how busy the machine was, said under the title. */
export function ladderSvg(steps: readonly Step[], caption: string): string {
  const ladder = [...new Set(steps.map((step) => step.duels))].sort((a, b) => a - b);
  const seriesOf = (value: (step: Step) => number): Series[] =>
    (['game', 'relay'] as const).map((kind) => ({ kind, points: steps.filter((step) => step.kind === kind).map((step) => ({ duels: step.duels, value: value(step) })) }));
  const legend = (['game', 'relay'] as const)
    .map((kind, i) => {
      const x = 60 + i * 170;
      return `<line x1="${x}" x2="${x + 30}" y1="${HEIGHT - 14}" y2="${HEIGHT - 14}" stroke="${COLORS[kind]}" stroke-width="2"${DASH[kind]}/><text x="${x + 36}" y="${HEIGHT - 10}" font-size="11">${LABEL[kind]}</text>`;
    })
    .join('\n  ');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" font-family="sans-serif">
  <rect width="${WIDTH}" height="${HEIGHT}" fill="#fff"/>
  <text x="${WIDTH / 2}" y="20" font-size="15" font-weight="bold" text-anchor="middle">Live duels: game server beside a bare Socket.IO relay, same run</text>
  <text x="${WIDTH / 2}" y="38" font-size="11" text-anchor="middle">${escape(caption)}</text>
  ${panel(PANEL.lefts[0], 'p99 round closed → roundEnd received', 'ms', ladder, seriesOf((step) => step.figures.all.p99), TARGET_P99_MS)}
  ${panel(PANEL.lefts[1], 'server CPU per 1,000 rounds', 'CPU s', ladder, seriesOf(cpuPer1k), null)}
  ${legend}
</svg>
`;
}
