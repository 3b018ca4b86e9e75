// Kruskal–Wallis H test (study-view.md 6.4), as scipy.stats.kruskal computes it: joint ranks with
// ties averaged, H = 12/(N(N+1)) Σ R_i²/n_i − 3(N+1), divided by the tie correction
// 1 − Σ(t³ − t)/(N³ − N); p = P(χ²(k − 1) > H). With two groups this is the two-sided
// Wilcoxon rank-sum test without continuity correction (cBioPortal's "Wilcoxon Test").
import { chiSquareSurvival, type ChiSquareResult } from './chi-square.js';

/**
 * Empty groups are left out (they carry no ranks); k is the number of non-empty groups.
 * Fewer than 2 such groups, or all values tied, give NaN statistic and p-value.
 */
export function kruskalWallis(groups: readonly ArrayLike<number>[]): ChiSquareResult {
  const used = groups.filter((g) => g.length > 0);
  const k = used.length;
  const n = used.reduce((a, g) => a + g.length, 0);
  const nan = { statistic: NaN, pValue: NaN, degreesOfFreedom: k - 1 };
  if (k < 2) return nan;

  const values = new Float64Array(n);
  const groupOf = new Int32Array(n);
  let at = 0;
  used.forEach((g, gi) => {
    for (let i = 0; i < g.length; i++, at++) {
      values[at] = g[i];
      groupOf[at] = gi;
    }
  });
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => values[a] - values[b]);

  const rankSums = new Float64Array(k);
  let ties = 0;
  for (let start = 0; start < n;) {
    let end = start + 1;
    while (end < n && values[order[end]] === values[order[start]]) end++;
    const t = end - start;
    const rank = (start + 1 + end) / 2; // average of ranks start+1 … end
    for (let i = start; i < end; i++) rankSums[groupOf[order[i]]] += rank;
    ties += t * t * t - t;
    start = end;
  }
  const correction = 1 - ties / (n * n * n - n);
  if (correction <= 0) return nan;

  let sum = 0;
  for (let gi = 0; gi < k; gi++) sum += (rankSums[gi] * rankSums[gi]) / used[gi].length;
  // Identical rank means give H = 0 exactly; rounding must not make it negative.
  const statistic = Math.max(0, ((12 / (n * (n + 1))) * sum - 3 * (n + 1)) / correction);
  return { statistic, pValue: chiSquareSurvival(statistic, k - 1), degreesOfFreedom: k - 1 };
}
