// Each row's midranks over its whole row of a resident profile matrix, computed once per profile
// and kept beside it, so that a co-expression over every sample of the profile needs no sort: its
// Spearman's ρ is a dot product of two rank vectors (co-expression.ts). A pool task over a range
// of rows, writing into a matrix of ranks shared between threads.
import { rankMemory, type RankMemory } from './rank-dot.js';
import { midranks } from './ranks.js';

export interface MatrixRanksInput {
  /** Row-major, `columnCount` cells per row; NaN = no number. */
  values: Float64Array;
  /** Out: twice each cell's 0-based midrank (an integer) in its row; rows with a NaN are left as they are. */
  ranks: Uint16Array | Uint32Array;
  columnCount: number;
  missing: Uint8Array;
  from: number;
  to: number;
}

/**
 * Per row (from `from`), two numbers: the distinct values and the sum of squares of the doubled
 * ranks; NaN for a row with a NaN cell (not ranked).
 */
export function rankMatrixRows(input: MatrixRanksInput): Float64Array {
  const { values, ranks, columnCount: n, missing, from, to } = input;
  const out = new Float64Array(2 * (to - from)).fill(NaN);
  const ranked = new Float64Array(n);
  for (let r = from; r < to; r++) {
    if (missing[r] !== 0) continue;
    const base = r * n;
    const distinct = midranks(values.subarray(base, base + n), ranked);
    let squares = 0;
    for (let c = 0; c < n; c++) {
      const twice = 2 * ranked[c];
      ranks[base + c] = twice;
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
