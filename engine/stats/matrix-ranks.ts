// Each row's midranks among its row's numbers in a resident profile matrix, computed once per
// profile and kept beside it: a co-expression over every sample of the profile needs no sort (its
// Spearman's ρ is a dot product of two rank vectors), and any other ranks the ranks, which order
// the cells as their values do (co-expression.ts). A pool task over a range of rows, writing into
// a matrix of ranks shared between threads.
import { rankMemory, type RankMemory } from './rank-dot.js';
import { midranks } from './ranks.js';

export interface MatrixRanksInput {
  /** Row-major, `columnCount` cells per row; NaN = no number. */
  values: Float64Array;
  /** Out: twice each cell's 0-based midrank (an integer) among its row's numbers; NaN cells are left as they are. */
  ranks: Uint16Array | Uint32Array;
  columnCount: number;
  missing: Uint8Array;
  from: number;
  to: number;
}

/**
 * Per row (from `from`), two numbers: the distinct values and the sum of squares of the doubled
 * ranks. A row with NaN cells is ranked among its numbers.
 */
export function rankMatrixRows(input: MatrixRanksInput): Float64Array {
  const { values, ranks, columnCount: n, missing, from, to } = input;
  const out = new Float64Array(2 * (to - from));
  const ranked = new Float64Array(n);
  const numbers = new Float64Array(n);
  const columns = new Int32Array(n);
  for (let r = from; r < to; r++) {
    const base = r * n;
    let count = n;
    let row = values.subarray(base, base + n);
    if (missing[r] !== 0) {
      count = 0;
      for (let c = 0; c < n; c++) {
        if (values[base + c] !== values[base + c]) continue;
        numbers[count] = values[base + c];
        columns[count++] = c;
      }
      row = numbers.subarray(0, count);
    }
    const distinct = midranks(row, ranked.subarray(0, count));
    let squares = 0;
    for (let i = 0; i < count; i++) {
      const twice = 2 * ranked[i];
      ranks[base + (missing[r] !== 0 ? columns[i] : i)] = twice;
      squares += twice * twice;
    }
    out[2 * (r - from)] = distinct;
    out[2 * (r - from) + 1] = squares;
  }
  return out;
}

/**
 * Room for doubled ranks of rows of `columnCount` cells: in a WebAssembly memory for the SIMD dot
 * product (rank-dot.ts) while they fit its 16-bit kernel, else the smallest unsigned array.
 */
export function allocateRanks(cells: number, columnCount: number): { ranks: Uint16Array | Uint32Array; memory?: RankMemory } {
  const memory = rankMemory(cells, columnCount);
  if (memory) return { ranks: memory.ranks, memory };
  return { ranks: 2 * columnCount <= 0xffff ? new Uint16Array(new SharedArrayBuffer(cells * 2)) : new Uint32Array(new SharedArrayBuffer(cells * 4)) };
}
