// Group summaries over a matrix against the textbook two-pass definitions, cell by cell.
import { describe, expect, it } from 'vitest';
import { log2MatrixRows, matrixRowTotals, summarizeMatrixGroups } from './matrix-groups.js';

let seed = 11;
const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);

/** n, mean and sample variance of the non-NaN values, two-pass. */
function naive(values: number[]): { n: number; mean: number; variance: number } {
  const kept = values.filter((x) => !Number.isNaN(x));
  const n = kept.length;
  const mean = kept.reduce((a, b) => a + b, 0) / n;
  const variance = kept.reduce((a, x) => a + (x - mean) ** 2, 0) / (n - 1);
  return { n, mean: n > 0 ? mean : NaN, variance: n > 1 ? variance : NaN };
}

describe('summarizeMatrixGroups', () => {
  // 30 rows × 50 columns of values near 1000 with a small spread (where raw sums of squares lose
  // digits), a few NaN cells and some exact 1s.
  const rowCount = 30;
  const columnCount = 50;
  const rows = Array.from({ length: rowCount }, (_, r) => Array.from({ length: columnCount }, () => {
    const u = random();
    return r % 3 === 0 && u < 0.1 ? NaN : u < 0.15 ? 1 : 1000 + random() * 1e-3;
  }));
  const values = Float64Array.from(rows.flat());
  const missing = Uint8Array.from(rows, (r) => (r.some(Number.isNaN) ? 1 : 0));
  // Group 0: 21 columns (the unrolled loop and its tail), group 1: shares a column with group 0,
  // group 2: one column, group 3: empty.
  const groups = [Array.from({ length: 21 }, (_, i) => 2 * i), [1, 3, 5, 40, 41, 49], [7], []];
  const offsets = Int32Array.from([0, ...groups.map((g) => g.length)].map((_, i, a) => a.slice(0, i + 1).reduce((x, y) => x + y, 0)));
  const columns = Int32Array.from(groups.flat());

  it('gives each group\'s count, mean and sample variance of its numbers, and its 1s', () => {
    const out = summarizeMatrixGroups({ values, raw: values, columnCount, missing, from: 5, to: rowCount, columns, offsets });
    expect(missing.some((m) => m === 1)).toBe(true);
    for (let r = 5; r < rowCount; r++) {
      groups.forEach((g, k) => {
        const at = (r - 5) * groups.length + k;
        const cells = g.map((c) => rows[r][c]);
        const expected = naive(cells);
        expect(out.counts[at]).toBe(expected.n);
        expect(out.ones[at]).toBe(cells.filter((x) => x === 1).length);
        for (const [got, want] of [[out.means[at], expected.mean], [out.variances[at], expected.variance]]) {
          if (Number.isNaN(want)) expect(got).toBeNaN();
          else expect(Math.abs(got - want)).toBeLessThanOrEqual(1e-9 * Math.abs(want));
        }
      });
    }
  });

  it('counts no 1s unless given the untransformed values', () => {
    const out = summarizeMatrixGroups({ values, columnCount, missing, from: 0, to: 2, columns, offsets });
    expect(Array.from(out.ones)).toEqual(new Array(2 * groups.length).fill(0));
  });

  it('keeps the variance of a constant group at 0', () => {
    const constant = new Float64Array(columnCount).fill(0.1);
    const out = summarizeMatrixGroups({ values: constant, columnCount, missing: new Uint8Array(1), from: 0, to: 1, columns, offsets });
    expect(out.variances[0]).toBe(0);
    expect(out.means[0]).toBe(0.1);
  });
});

describe('summarizeMatrixGroups by complement', () => {
  // Three groups splitting 40 columns; rows: random values near 1e4, a row with NaN cells, a
  // constant row, a row where the largest group is constant and the others are not (the
  // subtraction would leave rounding noise: read directly), a row whose largest group has a mean
  // near 0 beside large others.
  const columnCount = 40;
  const rows = [
    ...Array.from({ length: 6 }, () => Array.from({ length: columnCount }, () => 1e4 + random() * 10)),
    Array.from({ length: columnCount }, (_, c) => (c % 9 === 0 ? NaN : random())),
    new Array(columnCount).fill(0.1),
    Array.from({ length: columnCount }, (_, c) => (c < 25 ? 3.3 : random() * 1e6)),
    Array.from({ length: columnCount }, (_, c) => (c < 25 ? (c % 2 === 0 ? 1e-9 : -1e-9) : 1e6 + random())),
  ];
  const values = Float64Array.from(rows.flat());
  const missing = Uint8Array.from(rows, (r) => (r.some(Number.isNaN) ? 1 : 0));
  // Group 0 is the largest: columns 0 … 24 in a scrambled order.
  const groups = [Array.from({ length: 25 }, (_, i) => (i * 7) % 25), [25, 27, 29, 31, 33, 35, 37, 39], [26, 28, 30, 32, 34, 36, 38]];
  const offsets = Int32Array.from([0, 25, 33, 40]);
  const columns = Int32Array.from(groups.flat());
  const totals = matrixRowTotals({ values, columnCount, from: 0, to: rows.length });

  it('totals each row: count, mean and squared deviations of its numbers', () => {
    rows.forEach((row, r) => {
      if (r === 7) return; // the constant row, exact below (the naive sum of 0.1s is not)
      const { n, mean, variance } = naive(row);
      expect(totals[3 * r]).toBe(n);
      expect(Math.abs(totals[3 * r + 1] - mean)).toBeLessThanOrEqual(1e-12 * Math.abs(mean));
      expect(Math.abs(totals[3 * r + 2] / (n - 1) - variance)).toBeLessThanOrEqual(1e-12 * variance);
    });
    expect([totals[3 * 7 + 1], totals[3 * 7 + 2]]).toEqual([0.1, 0]);
  });

  it('gives the largest group what reading it gives, to 1e-9 relative', () => {
    const direct = summarizeMatrixGroups({ values, columnCount, missing, from: 0, to: rows.length, columns, offsets });
    const rest = summarizeMatrixGroups({ values, columnCount, missing, from: 0, to: rows.length, columns, offsets, complement: { group: 0, totals } });
    expect(Array.from(rest.counts)).toEqual(Array.from(direct.counts));
    for (const part of ['means', 'variances'] as const) {
      direct[part].forEach((want, i) => expect(Math.abs(rest[part][i] - want)).toBeLessThanOrEqual(1e-9 * Math.abs(want)));
    }
    // A constant largest group keeps a variance of exactly 0.
    expect([rest.variances[7 * 3], rest.variances[8 * 3]]).toEqual([0, 0]);
  });
});

describe('log2MatrixRows', () => {
  it('writes log2(max(x, 0) + 1) of the rows asked, NaN staying NaN', () => {
    const values = Float64Array.from([3, -2, NaN, 0, 7, 1]);
    const out = new Float64Array(6).fill(-1);
    log2MatrixRows({ values, out, columnCount: 2, from: 1, to: 3 });
    expect(Array.from(out)).toEqual([-1, -1, NaN, 0, 3, 1]);
  });
});
