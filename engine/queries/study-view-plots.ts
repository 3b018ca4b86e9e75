// Data of the Study View's violin plots (study-view.md 4.19, 6.1) and density plots (4.20, 6.2):
// per sample of a cohort, the values of two clinical attributes (patient values copied onto each
// cohort sample of the patient), gathered into compact columns for the pure statistics
// (engine/stats/violin.ts, density-plot.ts), and the statistics mapped to cBioPortal's models.
import { inCohort, type Cohort, type StudyViewFilter } from '../filter/compile.js';
import type { Db } from '../sql/db.js';
import { sql, type Fragment } from '../sql/sql.js';
import { isPlainNumeric } from '../stats/binning/decimal.js';
import type { DensityPlotData } from '../stats/density-plot.js';
import type { ViolinStats } from '../stats/violin.js';

/** The only attribute the log-scale flags transform (reference: "only mutation count can use log scale"). */
export const LOG_SCALE_ATTRIBUTE = 'MUTATION_COUNT';

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

/**
 * Cohort samples with exactly two non-empty rows among attributes a and b, one of each (so a = b
 * gives nothing, as the reference's pairing): sample_key, study_key, sample_id, study_id, a_value,
 * b_value. Attribute ids match exactly.
 */
function compilePairs(cohort: Cohort, a: string, b: string): Fragment {
  return sql`
    WITH fs AS (SELECT s.sample_key, s.study_key, s.patient_key, s.sample_id FROM sample s WHERE ${inCohort(cohort, 's')}),
    rows AS (
      SELECT c.sample_key, c.attr_id, c.attr_value FROM clinical_sample c JOIN fs USING (sample_key)
      WHERE c.attr_id IN (${a}, ${b})
      UNION ALL
      SELECT fs.sample_key, c.attr_id, c.attr_value FROM clinical_patient c JOIN fs ON fs.patient_key = c.patient_key
      WHERE c.attr_id IN (${a}, ${b})),
    pairs AS (
      SELECT sample_key,
        max(attr_value) FILTER (WHERE attr_id = ${a}) AS a_value,
        max(attr_value) FILTER (WHERE attr_id = ${b}) AS b_value
      FROM rows WHERE attr_value <> '' GROUP BY sample_key HAVING count(*) = 2)
    SELECT fs.sample_key, fs.study_key, fs.sample_id, st.study_id, p.a_value, p.b_value
    FROM pairs p JOIN fs USING (sample_key) JOIN cancer_study st ON st.study_key = fs.study_key
    WHERE p.a_value IS NOT NULL AND p.b_value IS NOT NULL`;
}

/** Numbers grouped by category (categories sorted), with the identity of each value's sample. */
export interface ViolinSamples {
  categories: string[];
  /** Category c holds values[offsets[c]] … values[offsets[c + 1] - 1]. */
  values: Float64Array;
  offsets: Int32Array;
  /** 1 where the sample is in the request's own cohort. */
  kept: Uint8Array;
  sampleIds: string[];
  studyIds: string[];
}

/**
 * Violin data (6.1 steps 2-3): for the samples of `cohort` (the filter without the numerical
 * attribute's own item), the category (exact string) and number of each; `keep` is the request's
 * full cohort. The attribute ids decide which row is which (the reference guesses from which
 * value is numeric); samples whose number is not plain numeric text are left out.
 */
export async function fetchViolinSamples(
  db: Db, cohort: Cohort, keep: Cohort, categoricalAttributeId: string, numericalAttributeId: string,
): Promise<ViolinSamples> {
  const rows = await db.all<{ sample_id: string; study_id: string; category: string; value: string; kept: boolean }>(sql`
    SELECT x.sample_id, x.study_id, x.a_value AS category, x.b_value AS value, ${inCohort(keep, 'x')} AS kept
    FROM (${compilePairs(cohort, categoricalAttributeId, numericalAttributeId)}) x
    ORDER BY x.a_value, x.study_id, x.sample_id`);
  const numeric = rows.filter((r) => isPlainNumeric(r.value));
  const categories: string[] = [];
  const offsets: number[] = [];
  numeric.forEach((r, i) => {
    if (categories.at(-1) !== r.category) {
      categories.push(r.category);
      offsets.push(i);
    }
  });
  offsets.push(numeric.length);
  return {
    categories,
    values: Float64Array.from(numeric, (r) => Number(r.value)),
    offsets: Int32Array.from(offsets),
    kept: Uint8Array.from(numeric, (r) => (r.kept ? 1 : 0)),
    sampleIds: numeric.map((r) => r.sample_id),
    studyIds: numeric.map((r) => r.study_id),
  };
}

/** ClinicalViolinPlotData of the statistics. */
export function toClinicalViolinPlotData(samples: ViolinSamples, stats: ViolinStats) {
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
      individualPoints: row.points.map((index, k) => ({
        sampleId: samples.sampleIds[index],
        studyId: samples.studyIds[index],
        value: javaDouble(row.pointValues[k]),
      })),
    })),
  };
}

/**
 * Density plot pairs (6.2 steps 1-2): x and y of every cohort sample having both, each plain
 * numeric text. No self-exclusion.
 */
export async function fetchDensityPairs(db: Db, cohort: Cohort, xAttributeId: string, yAttributeId: string): Promise<{ x: Float64Array; y: Float64Array }> {
  const rows = await db.all<{ a_value: string; b_value: string }>(sql`
    SELECT x.a_value, x.b_value FROM (${compilePairs(cohort, xAttributeId, yAttributeId)}) x
    ORDER BY x.study_key, x.sample_key`);
  const pairs = rows.filter((r) => isPlainNumeric(r.a_value) && isPlainNumeric(r.b_value));
  return { x: Float64Array.from(pairs, (r) => Number(r.a_value)), y: Float64Array.from(pairs, (r) => Number(r.b_value)) };
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
