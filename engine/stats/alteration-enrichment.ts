// Per-gene p-values of cBioPortal's alteration enrichments (api.md 23.1, AlterationEnrichmentScoreUtil):
// two groups → two-sided Fisher exact test, more → Pearson chi-square on the groups × (altered,
// unaltered) table. A pool task over compact count columns.
import { pearsonChiSquare } from './chi-square.js';
import { fisherExactTwoSided } from './fisher-exact.js';

export interface AlterationEnrichmentInput {
  /** Gene-major: gene e, group g at e · groupCount + g. */
  altered: Int32Array;
  profiled: Int32Array;
  groupCount: number;
}

/**
 * p per gene. 0 (sic, the reference's value) when fewer than two groups are profiled or some group
 * has more altered than profiled cases; a chi-square NaN (a column of zeros or an unprofiled group
 * in the table) is 1.
 */
export function alterationEnrichmentPValues(input: AlterationEnrichmentInput): Float64Array {
  const k = input.groupCount;
  const genes = k === 0 ? 0 : input.altered.length / k;
  const out = new Float64Array(genes);
  for (let e = 0; e < genes; e++) {
    const altered = input.altered.subarray(e * k, (e + 1) * k);
    const profiled = input.profiled.subarray(e * k, (e + 1) * k);
    let profiledGroups = 0;
    let invalid = false;
    for (let g = 0; g < k; g++) {
      if (profiled[g] > 0) profiledGroups++;
      if (profiled[g] > 0 && altered[g] > profiled[g]) invalid = true;
    }
    if (profiledGroups < 2 || invalid) continue;
    if (k === 2) {
      out[e] = fisherExactTwoSided(altered[0], profiled[0] - altered[0], altered[1], profiled[1] - altered[1]);
    } else {
      const p = pearsonChiSquare(Array.from(altered, (a, g) => [a, profiled[g] - a])).pValue;
      out[e] = Number.isNaN(p) ? 1 : p;
    }
  }
  return out;
}
