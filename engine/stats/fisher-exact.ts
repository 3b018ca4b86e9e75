// Two-sided Fisher exact test of a 2 × 2 table (api.md 23.1, cBioPortal's FisherExactTestCalculator):
// p = the sum of the hypergeometric probabilities of every table with the observed margins that is
// no more likely than the observed one. Probabilities are taken relative to the mode through the
// ratio of consecutive terms, in log space: no factorial is ever formed, so huge tables neither
// overflow nor lose digits, and a p-value too small for a double underflows to 0 only at the end.

/** Relative tolerance under which two probabilities count as equal (ties of symmetric tables). */
const TIE = 1e-10;
/** Terms below e^-50 of the largest one cannot change a double sum. */
const NEGLIGIBLE = 50;

/**
 * Table [[a, b], [c, d]] of non-negative integer counts. An empty row or column gives 1 (SciPy's
 * fisher_exact does the same; every table with those margins is the observed one).
 */
export function fisherExactTwoSided(a: number, b: number, c: number, d: number): number {
  const row1 = a + b;
  const row2 = c + d;
  const col1 = a + c;
  const n = row1 + row2;
  if (row1 === 0 || row2 === 0 || col1 === 0 || col1 === n) return 1;
  // x = top-left cell; f(x + 1) / f(x) = (row1 − x)(col1 − x) / ((x + 1)(row2 − col1 + x + 1)).
  const lo = Math.max(0, col1 - row2);
  const hi = Math.min(row1, col1);
  // Two quotients, not one of products: exact-integer products would overflow 2^53 on huge tables.
  const logRatio = (x: number) => Math.log(((row1 - x) / (x + 1)) * ((col1 - x) / (row2 - col1 + x + 1)));
  const mode = Math.min(hi, Math.max(lo, Math.floor(((row1 + 1) * (col1 + 1)) / (n + 2))));

  // log f(a) − log f(mode), walking from the mode to the observed cell.
  let logObserved = 0;
  if (a > mode) for (let x = mode; x < a; x++) logObserved += logRatio(x);
  else for (let x = mode; x > a; x--) logObserved -= logRatio(x - 1);
  const cut = logObserved + TIE;

  // Σ f / f(mode) over all tables, and Σ f / f(a) over the tables no more likely than a.
  let total = 1;
  let tail = logObserved >= -TIE ? Math.exp(-logObserved) : 0;
  const floor = Math.min(logObserved, 0) - NEGLIGIBLE;
  for (const step of [1, -1]) {
    let log = 0;
    for (let x = mode; step > 0 ? x < hi : x > lo; x += step) {
      log += step > 0 ? logRatio(x) : -logRatio(x - 1);
      total += Math.exp(log);
      if (log <= cut) tail += Math.exp(log - logObserved);
      if (log < floor) break;
    }
  }
  return Math.min(1, Math.exp(Math.log(tail) + logObserved - Math.log(total)));
}
