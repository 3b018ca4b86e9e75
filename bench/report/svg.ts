// Small, dependency-free SVG charts for the benchmark report: grouped horizontal bars (latency per
// endpoint, one bar per scale) and lines (throughput against connections). Pure: spec in, text out.

const PALETTE = ['#4e79a7', '#f28e2b', '#59a14f', '#e15759', '#76b7b2', '#b07aa1', '#edc948', '#9c755f'];
const FONT = 'font-family="sans-serif" font-size="12"';

/** Text and attribute values are escaped: endpoint names carry `&`, `<` and quotes. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&${({ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos' } as const)[c as '&']};`);
}

/** Coordinates to a tenth of a pixel (shorter files, same picture). */
const px = (x: number) => Math.round(x * 10) / 10;
const fmt = (x: number) => (Math.abs(x) >= 100 ? String(Math.round(x)) : String(Math.round(x * 10) / 10));

/** Ticks at 1, 2 or 5 times a power of ten from 0 to at least `max` (about five of them). */
export function linearTicks(max: number): number[] {
  if (!(max > 0)) return [0, 1];
  const raw = max / 5;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? 10 * power;
  const ticks = [0];
  while (ticks[ticks.length - 1] < max) ticks.push(Math.round((ticks[ticks.length - 1] + step) * 1e9) / 1e9);
  return ticks;
}

/** Powers of ten covering [min, max] (both > 0). */
export function logTicks(min: number, max: number): number[] {
  const ticks: number[] = [];
  for (let e = Math.floor(Math.log10(min)); e <= Math.ceil(Math.log10(max)); e++) ticks.push(10 ** e);
  return ticks.length > 1 ? ticks : [ticks[0], ticks[0] * 10];
}

function legend(series: readonly string[], x: number, y: number): string {
  return series.map((name, i) =>
    `<rect x="${x}" y="${y + i * 16}" width="10" height="10" fill="${PALETTE[i % PALETTE.length]}"/>` +
    `<text x="${x + 14}" y="${y + i * 16 + 9}" ${FONT}>${escapeXml(name)}</text>`).join('');
}

function frame(width: number, height: number, title: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<rect width="${width}" height="${height}" fill="white"/>` +
    `<text x="${width / 2}" y="20" text-anchor="middle" font-family="sans-serif" font-size="14" font-weight="bold">${escapeXml(title)}</text>` +
    `${body}</svg>\n`;
}

export interface BarChart {
  title: string;
  /** Axis label, e.g. "p50 latency (ms)". */
  unit: string;
  /** One bar per series in every group (e.g. one per scale). */
  series: readonly string[];
  /** `values[i]` belongs to series i; null leaves a gap (not measured at that scale). */
  groups: readonly { label: string; values: readonly (number | null)[] }[];
  /** Logarithmic axis: latencies span 1 ms to seconds. */
  log?: boolean;
}

/** Horizontal grouped bars, the value written at the end of each bar. */
export function barChart(chart: BarChart): string {
  // About 6.5 px per character of a 12 px sans-serif label: the longest label fits.
  const labelWidth = px(12 + 6.5 * Math.max(10, ...chart.groups.map((g) => g.label.length)));
  const plotWidth = 480;
  const bar = 12;
  const groupHeight = chart.series.length * bar + 8;
  const top = 34 + (chart.series.length > 1 ? chart.series.length * 16 : 0);
  const plotHeight = Math.max(1, chart.groups.length) * groupHeight;
  const width = px(labelWidth + plotWidth + 60);
  const height = top + plotHeight + 44;
  const values = chart.groups.flatMap((g) => g.values).filter((v): v is number => v !== null && Number.isFinite(v));
  const positive = values.filter((v) => v > 0);
  const log = chart.log === true && positive.length > 0;
  const ticks = log ? logTicks(Math.min(...positive), Math.max(...positive)) : linearTicks(Math.max(0, ...values));
  const [low, high] = [ticks[0], ticks[ticks.length - 1]];
  const xOf = (v: number) => px(labelWidth + plotWidth * (log ? (Math.log10(Math.max(v, low)) - Math.log10(low)) / (Math.log10(high) - Math.log10(low)) : v / high));
  const parts: string[] = [];
  if (chart.series.length > 1) parts.push(legend(chart.series, labelWidth, 30));
  for (const t of ticks) {
    const x = xOf(t);
    parts.push(`<line x1="${x}" y1="${top}" x2="${x}" y2="${top + plotHeight}" stroke="#ddd"/>`,
      `<text x="${x}" y="${top + plotHeight + 16}" text-anchor="middle" ${FONT}>${fmt(t)}</text>`);
  }
  chart.groups.forEach((group, g) => {
    const y0 = top + g * groupHeight + 4;
    parts.push(`<text x="${labelWidth - 6}" y="${y0 + (chart.series.length * bar) / 2 + 4}" text-anchor="end" ${FONT}>${escapeXml(group.label)}</text>`);
    group.values.forEach((v, s) => {
      if (v === null || !Number.isFinite(v)) return;
      const y = y0 + s * bar;
      const w = px(Math.max(1, xOf(v) - labelWidth));
      parts.push(`<rect x="${labelWidth}" y="${y}" width="${w}" height="${bar - 2}" fill="${PALETTE[s % PALETTE.length]}"><title>${escapeXml(`${group.label} ${chart.series[s]}: ${fmt(v)}`)}</title></rect>`,
        `<text x="${labelWidth + w + 4}" y="${y + bar - 3}" font-family="sans-serif" font-size="10">${fmt(v)}</text>`);
    });
  });
  parts.push(`<line x1="${labelWidth}" y1="${top}" x2="${labelWidth}" y2="${top + plotHeight}" stroke="black"/>`,
    `<text x="${labelWidth + plotWidth / 2}" y="${top + plotHeight + 36}" text-anchor="middle" ${FONT}>${escapeXml(chart.unit + (log ? ', log scale' : ''))}</text>`);
  return frame(width, height, chart.title, parts.join(''));
}

export interface LineChart {
  title: string;
  xLabel: string;
  yLabel: string;
  series: readonly { name: string; points: readonly { x: number; y: number }[] }[];
}

/** Lines with dots on linear axes from zero; the x ticks are the x values measured. */
export function lineChart(chart: LineChart): string {
  const [left, top, plotWidth, plotHeight] = [70, 40 + chart.series.length * 16, 440, 260];
  const points = chart.series.flatMap((s) => s.points);
  const xs = [...new Set(points.map((p) => p.x))].sort((a, b) => a - b);
  const xMax = Math.max(1, ...xs);
  const yTicks = linearTicks(Math.max(0, ...points.map((p) => p.y)));
  const yMax = yTicks[yTicks.length - 1];
  const xOf = (x: number) => px(left + (plotWidth * x) / xMax);
  const yOf = (y: number) => px(top + plotHeight - (plotHeight * y) / yMax);
  const parts = [legend(chart.series.map((s) => s.name), left, 30)];
  for (const t of yTicks)
    parts.push(`<line x1="${left}" y1="${yOf(t)}" x2="${left + plotWidth}" y2="${yOf(t)}" stroke="#ddd"/>`,
      `<text x="${left - 6}" y="${yOf(t) + 4}" text-anchor="end" ${FONT}>${fmt(t)}</text>`);
  for (const x of xs) parts.push(`<text x="${xOf(x)}" y="${top + plotHeight + 16}" text-anchor="middle" ${FONT}>${fmt(x)}</text>`);
  chart.series.forEach((s, i) => {
    const color = PALETTE[i % PALETTE.length];
    const sorted = [...s.points].sort((a, b) => a.x - b.x);
    parts.push(`<polyline fill="none" stroke="${color}" stroke-width="2" points="${sorted.map((p) => `${xOf(p.x)},${yOf(p.y)}`).join(' ')}"/>`);
    for (const p of sorted)
      parts.push(`<circle cx="${xOf(p.x)}" cy="${yOf(p.y)}" r="3" fill="${color}"><title>${escapeXml(`${s.name}: ${fmt(p.x)}, ${fmt(p.y)}`)}</title></circle>`);
  });
  parts.push(`<line x1="${left}" y1="${top + plotHeight}" x2="${left + plotWidth}" y2="${top + plotHeight}" stroke="black"/>`,
    `<line x1="${left}" y1="${top}" x2="${left}" y2="${top + plotHeight}" stroke="black"/>`,
    `<text x="${left + plotWidth / 2}" y="${top + plotHeight + 36}" text-anchor="middle" ${FONT}>${escapeXml(chart.xLabel)}</text>`,
    `<text x="16" y="${top + plotHeight / 2}" text-anchor="middle" transform="rotate(-90 16 ${top + plotHeight / 2})" ${FONT}>${escapeXml(chart.yLabel)}</text>`);
  return frame(left + plotWidth + 40, top + plotHeight + 50, chart.title, parts.join(''));
}
