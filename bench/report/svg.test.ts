import { describe, expect, it } from 'vitest';
import { checkWellFormedXml } from '../../test/helpers/well-formed-xml.js';
import { barChart, escapeXml, lineChart, linearTicks, logTicks } from './svg.js';

describe('svg charts', () => {
  it('escapes markup in text', () => {
    expect(escapeXml(`a<b & "c" 'd'>`)).toBe('a&lt;b &amp; &quot;c&quot; &apos;d&apos;&gt;');
  });

  it('chooses round ticks', () => {
    expect(linearTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(linearTicks(230)).toEqual([0, 50, 100, 150, 200, 250]);
    expect(linearTicks(0)).toEqual([0, 1]);
    expect(logTicks(0.4, 1200)).toEqual([0.1, 1, 10, 100, 1000, 10000]);
    expect(logTicks(3, 3)).toEqual([1, 10]);
  });

  it('draws one bar per measured value, with escaped labels, as well-formed SVG', () => {
    const svg = barChart({
      title: 'p50 <latency>',
      unit: 'ms',
      series: ['10,000', '272,000'],
      groups: [{ label: 'mutated-genes [studyIds]', values: [12.5, 250] }, { label: 'a & b', values: [3, null] }],
      log: true,
    });
    expect(checkWellFormedXml(svg)).toBe('svg');
    expect(svg.match(/<rect x="\d/g)?.length).toBe(3 + 2); // 3 bars + 2 legend swatches
    expect(svg).toContain('p50 &lt;latency&gt;');
    expect(svg).toContain('a &amp; b');
    expect(svg).toContain('>12.5<');
    expect(svg).toContain('>250<');
    expect(svg).toContain('ms, log scale');
  });

  it('scales bars linearly: a value twice as large draws a bar twice as long', () => {
    const svg = barChart({ title: 't', unit: 'ms', series: ['s'], groups: [{ label: 'x', values: [10] }, { label: 'y', values: [20] }] });
    const widths = [...svg.matchAll(/<rect x="[\d.]+" y="[\d.]+" width="([\d.]+)" height="10"/g)].map((m) => Number(m[1]));
    expect(widths).toHaveLength(2);
    expect(widths[1] / widths[0]).toBeCloseTo(2, 6);
  });

  it('draws a line per series through its points', () => {
    const svg = lineChart({
      title: 'throughput', xLabel: 'connections', yLabel: 'requests/s',
      series: [{ name: '10,000', points: [{ x: 32, y: 80 }, { x: 8, y: 100 }] }, { name: '272,000', points: [{ x: 8, y: 10 }, { x: 32, y: 12 }] }],
    });
    expect(checkWellFormedXml(svg)).toBe('svg');
    expect(svg.match(/<polyline/g)?.length).toBe(2);
    expect(svg.match(/<circle/g)?.length).toBe(4);
    // x axis runs to 32 over 440 px from x = 70: the 8-connection point sits at 70 + 110
    expect(svg).toContain('points="180,');
    expect(svg).toContain('>requests/s<');
  });
});
