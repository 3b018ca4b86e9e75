// Data of the Study View's violin plots (study-view.md 4.19, 6.1) and density plots (4.20, 6.2):
// per sample of a cohort, the values of two clinical attributes (patient values copied onto each
// sample of the patient), gathered into compact columns for the pure statistics
// (engine/stats/violin.ts, density-plot.ts), and the statistics mapped to cBioPortal's models.
import type { Cohort } from '../filter/compile.js';
import type { StudyViewFilter } from '../filter/normalize.js';
import type { ReadOnlyDb } from '../sql/db.js';
import { sameSql } from '../sql/sql.js';
import type { DensityPlotData } from '../stats/density-plot.js';
import type { ViolinStats } from '../stats/violin.js';
import { cohortSampleKeys, membersOf, type SampleIds } from '../resident/case-keys.js';
import { clinicalColumn } from '../resident/clinical-columns.js';
import type { ProfileMatrices } from '../resident/profile-matrix.js';

/** A double as cBioPortal's JSON writes it: non-finite values become the strings "Infinity", "-Infinity", "NaN". */
export type JavaDouble = number | 'Infinity' | '-Infinity' | 'NaN';

export function javaDouble(value: number): JavaDouble {
  if (Number.isFinite(value)) return value;
  if (Number.isNaN(value)) return 'NaN';
  return value > 0 ? 'Infinity' : '-Infinity';
}

/**
 * The filter without its first clinicalDataFilters item on `attributeId` (the violin plot's
 * self-exclusion, 3.17: only one item is removed). The request is not mutated.
 */
export function withoutFirstClinicalFilter(filter: StudyViewFilter, attributeId: string): StudyViewFilter {
  const items = filter.clinicalDataFilters;
  if (!Array.isArray(items)) return filter;
  const index = items.findIndex((item: { attributeId?: unknown } | null) => item?.attributeId === attributeId);
  return index < 0 ? filter : { ...filter, clinicalDataFilters: items.filter((_, i) => i !== index) };
}

/** Numbers grouped by category (categories sorted), with the sample of each value (by sample key within a category). */
export interface ViolinSamples {
  categories: string[];
  /** Category c holds values[offsets[c]] … values[offsets[c + 1] - 1]. */
  values: Float64Array;
  offsets: Int32Array;
  /** 1 where the sample is in the request's own cohort. */
  kept: Uint8Array;
  sampleKeys: Int32Array;
}

/**
 * Violin data (6.1 steps 2-3): for the samples of `cohort` (the filter without the numerical
 * attribute's own item), the category (exact string) and number of each; `keep` is the request's
 * full cohort. The attribute ids decide which value is which (the reference guesses from which
 * value is numeric); samples whose number is not plain numeric text are left out, and an
 * attribute paired with itself gives nothing (as the reference's pairing). Typed columns ordered
 * by category and sample key (by study and sample id only the points are ordered:
 * toClinicalViolinPlotData), gathered in memory over the attributes' columns (clinical-columns.ts).
 */
export async function fetchViolinSamples(
  db: ReadOnlyDb, matrices: ProfileMatrices, cohort: Cohort, keep: Cohort, categoricalAttributeId: string, numericalAttributeId: string,
): Promise<ViolinSamples> {
  // Without a filter item on the numerical attribute both cohorts are one: every sample is kept.
  const [categorical, numerical, keys, keptKeys] = await Promise.all([
    clinicalColumn(db, matrices, categoricalAttributeId),
    clinicalColumn(db, matrices, numericalAttributeId),
    cohortSampleKeys(db, matrices, cohort),
    sameSql(keep, cohort) ? undefined : cohortSampleKeys(db, matrices, keep),
  ]);
  const paired = categoricalAttributeId !== numericalAttributeId;
  const categoryOf = (key: number) => (paired && !Number.isNaN(numerical.numbers[key] ?? NaN) ? categorical.categories[key] ?? -1 : -1);
  // A counting sort by category: keys are ascending, and stay so within each category.
  const starts = new Int32Array(categorical.names.length + 1);
  for (const key of keys) starts[categoryOf(key) + 1]++;
  const categories: string[] = [];
  const offsets = [0];
  for (let c = 0, at = 0; c < categorical.names.length; c++) {
    const count = starts[c + 1];
    starts[c + 1] = at;
    if (count === 0) continue;
    categories.push(categorical.names[c]);
    offsets.push((at += count));
  }
  const n = offsets[offsets.length - 1];
  const samples: ViolinSamples = { categories, values: new Float64Array(n), offsets: Int32Array.from(offsets), kept: new Uint8Array(n), sampleKeys: new Int32Array(n) };
  const kept = keptKeys === undefined ? undefined : membersOf(keptKeys);
  for (const key of keys) {
    const c = categoryOf(key);
    if (c < 0) continue;
    const at = starts[c + 1]++;
    samples.values[at] = numerical.numbers[key];
    samples.kept[at] = kept === undefined || kept[key] === 1 ? 1 : 0;
    samples.sampleKeys[at] = key;
  }
  return samples;
}

/** Byte order of ASCII ids, as DuckDB sorts VARCHAR. */
const compareIds = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** ClinicalViolinPlotData of the statistics; `ids`: each sample's ids by sample key (case-keys.ts sampleIdsByKey). */
export function toClinicalViolinPlotData(samples: ViolinSamples, stats: ViolinStats, ids: Pick<SampleIds, 'sampleId' | 'studyId'>) {
  return {
    axisStart: javaDouble(stats.axisStart),
    axisEnd: javaDouble(stats.axisEnd),
    rows: stats.rows.map((row) => ({
      category: samples.categories[row.category],
      numSamples: row.numSamples,
      curveData: row.curveData.map(javaDouble),
      boxData: {
        whiskerLower: javaDouble(row.boxData.whiskerLower),
        whiskerUpper: javaDouble(row.boxData.whiskerUpper),
        median: javaDouble(row.boxData.median),
        q1: javaDouble(row.boxData.q1),
        q3: javaDouble(row.boxData.q3),
      },
      // Inliers then outliers, each by study and sample id (the reference's order).
      individualPoints: [0, row.inlierPoints].flatMap((from, part) => row.points
        .slice(from, part === 0 ? row.inlierPoints : undefined)
        .map((index, k) => {
          const key = samples.sampleKeys[index];
          return { sampleId: ids.sampleId[key]!, studyId: ids.studyId[key]!, value: javaDouble(row.pointValues[from + k]) };
        })
        .sort((a, b) => compareIds(a.studyId, b.studyId) || compareIds(a.sampleId, b.sampleId))),
    })),
  };
}

/**
 * Density plot pairs (6.2 steps 1-2): x and y of every cohort sample having both, each plain
 * numeric text, by study and sample key; none when x and y are one attribute. No self-exclusion.
 */
export async function fetchDensityPairs(
  db: ReadOnlyDb, matrices: ProfileMatrices, cohort: Cohort, xAttributeId: string, yAttributeId: string,
): Promise<{ x: Float64Array; y: Float64Array }> {
  if (xAttributeId === yAttributeId) return { x: new Float64Array(0), y: new Float64Array(0) };
  const [xs, ys, keys] = await Promise.all([
    clinicalColumn(db, matrices, xAttributeId),
    clinicalColumn(db, matrices, yAttributeId),
    cohortSampleKeys(db, matrices, cohort, { byStudy: true }),
  ]);
  const x = new Float64Array(keys.length);
  const y = new Float64Array(keys.length);
  let n = 0;
  for (const key of keys) {
    const a = xs.numbers[key] ?? NaN;
    const b = ys.numbers[key] ?? NaN;
    if (Number.isNaN(a) || Number.isNaN(b)) continue;
    x[n] = a;
    y[n++] = b;
  }
  return { x: x.slice(0, n), y: y.slice(0, n) };
}

/** DensityPlotData of the statistics. */
export function toDensityPlotData(data: DensityPlotData) {
  return {
    bins: data.bins.map((b) => ({
      binX: javaDouble(b.binX), binY: javaDouble(b.binY),
      minX: javaDouble(b.minX), maxX: javaDouble(b.maxX), minY: javaDouble(b.minY), maxY: javaDouble(b.maxY),
      count: b.count,
    })),
    ...(data.pearsonCorr === undefined ? {} : { pearsonCorr: javaDouble(data.pearsonCorr) }),
    ...(data.spearmanCorr === undefined ? {} : { spearmanCorr: javaDouble(data.spearmanCorr) }),
  };
}
