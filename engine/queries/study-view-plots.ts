// Data of the Study View's violin plots (study-view.md 4.19, 6.1) and density plots (4.20, 6.2):
// per sample of a cohort, the values of two clinical attributes (patient values copied onto each
// cohort sample of the patient), gathered into compact columns for the pure statistics
// (engine/stats/violin.ts, density-plot.ts), and the statistics mapped to cBioPortal's models.
import { inCohort, type Cohort, type StudyViewFilter } from '../filter/compile.js';
import type { Db } from '../sql/db.js';
import { sameSql, sql, type Fragment } from '../sql/sql.js';
import type { DensityPlotData } from '../stats/density-plot.js';
import type { ViolinStats } from '../stats/violin.js';
import { NUMERIC_VALUE_PATTERN } from './molecular-data-value.js';

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
 * Cohort samples with a non-empty value of attribute a and one of attribute b (a = b gives
 * nothing, as the reference's pairing): sample_key, study_key, sample_id, study_id, a_value,
 * b_value. Attribute ids match exactly. A case holds at most one value per attribute (the loader
 * keeps one row per case and rejects an attribute in both the sample and the patient file), so
 * the two sides join one to one.
 */
function compilePairs(cohort: Cohort, a: string, b: string): Fragment {
  const side = (attrId: string) => sql`
    SELECT c.sample_key, c.attr_value FROM clinical_sample c WHERE c.attr_id = ${attrId} AND c.attr_value <> '' AND ${inCohort(cohort, 'c')}
    UNION ALL
    SELECT fs.sample_key, c.attr_value FROM clinical_patient c JOIN fs ON fs.patient_key = c.patient_key
    WHERE c.attr_id = ${attrId} AND c.attr_value <> ''`;
  return sql`
    WITH fs AS (SELECT s.sample_key, s.study_key, s.patient_key, s.sample_id FROM sample s WHERE ${inCohort(cohort, 's')})
    SELECT fs.sample_key, fs.study_key, fs.sample_id, st.study_id, av.attr_value AS a_value, bv.attr_value AS b_value
    FROM (${side(a)}) av JOIN (${side(b)}) bv USING (sample_key) JOIN fs USING (sample_key) JOIN cancer_study st ON st.study_key = fs.study_key
    WHERE ${a} <> ${b}`;
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
 * The distinct non-empty values of attribute `attrId` in the whole store, sorted: a superset of
 * any cohort's categories, whose positions number them.
 */
function compileCategories(attrId: string): Fragment {
  return sql`
    SELECT attr_value AS category FROM clinical_sample WHERE attr_id = ${attrId} AND attr_value <> ''
    UNION
    SELECT attr_value FROM clinical_patient WHERE attr_id = ${attrId} AND attr_value <> ''`;
}

/**
 * Violin data (6.1 steps 2-3): for the samples of `cohort` (the filter without the numerical
 * attribute's own item), the category (exact string) and number of each; `keep` is the request's
 * full cohort. The attribute ids decide which row is which (the reference guesses from which
 * value is numeric); samples whose number is not plain numeric text are left out. The samples
 * come as typed columns (category number, value, kept, sample key) ordered by category and sample
 * key (by study and sample id only the points are ordered: toClinicalViolinPlotData), never a JS
 * value per sample; the category strings come from a small query of their own, run meanwhile.
 */
export async function fetchViolinSamples(
  db: Db, cohort: Cohort, keep: Cohort, categoricalAttributeId: string, numericalAttributeId: string,
): Promise<ViolinSamples> {
  const categories = compileCategories(categoricalAttributeId);
  // Without a filter item on the numerical attribute both cohorts are one: every sample is kept.
  const kept = sameSql(keep, cohort) ? sql`1` : sql`CASE WHEN ${inCohort(keep, 'x')} THEN 1 ELSE 0 END`;
  const [names, [category, values, keptColumn, sampleKeys]] = await Promise.all([
    db.all<{ category: string }>(sql`SELECT category FROM (${categories}) ORDER BY category`),
    db.numericColumns(sql`
      WITH numbered AS (SELECT category, row_number() OVER (ORDER BY category) - 1 AS c FROM (${categories}))
      SELECT n.c::DOUBLE, x.b_value::DOUBLE, (${kept})::DOUBLE, x.sample_key::DOUBLE
      FROM (${compilePairs(cohort, categoricalAttributeId, numericalAttributeId)}) x JOIN numbered n ON n.category = x.a_value
      WHERE regexp_full_match(x.b_value, ${NUMERIC_VALUE_PATTERN})
      ORDER BY n.c, x.sample_key`),
  ]);
  // Categories with samples, each the run of its number.
  const present: string[] = [];
  const offsets = [0];
  for (let i = 0; i < category.length; i++) {
    if (i > 0 && category[i] === category[i - 1]) continue;
    present.push(names[category[i]].category);
    if (i > 0) offsets.push(i);
  }
  if (category.length > 0) offsets.push(category.length);
  return {
    categories: present, values, offsets: Int32Array.from(offsets),
    kept: Uint8Array.from(keptColumn), sampleKeys: Int32Array.from(sampleKeys),
  };
}

/** sampleId and studyId of the given samples, by sample key. */
export async function fetchSampleIdentities(db: Db, keys: readonly number[]): Promise<Map<number, { sampleId: string; studyId: string }>> {
  if (keys.length === 0) return new Map();
  const rows = await db.all<{ sample_key: number; sample_id: string; study_id: string }>(sql`
    SELECT s.sample_key, s.sample_id, c.study_id FROM sample s JOIN cancer_study c USING (study_key)
    WHERE s.sample_key IN (SELECT unnest(${keys}::INTEGER[]))`);
  return new Map(rows.map((r) => [r.sample_key, { sampleId: r.sample_id, studyId: r.study_id }]));
}

/** Byte order of ASCII ids, as DuckDB sorts VARCHAR. */
const compareIds = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** ClinicalViolinPlotData of the statistics. */
export function toClinicalViolinPlotData(samples: ViolinSamples, stats: ViolinStats, identities: Map<number, { sampleId: string; studyId: string }>) {
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
        .map((index, k) => ({ ...identities.get(samples.sampleKeys[index])!, value: javaDouble(row.pointValues[from + k]) }))
        .sort((a, b) => compareIds(a.studyId, b.studyId) || compareIds(a.sampleId, b.sampleId))),
    })),
  };
}

/**
 * Density plot pairs (6.2 steps 1-2): x and y of every cohort sample having both, each plain
 * numeric text. No self-exclusion.
 */
export async function fetchDensityPairs(db: Db, cohort: Cohort, xAttributeId: string, yAttributeId: string): Promise<{ x: Float64Array; y: Float64Array }> {
  const [x, y] = await db.numericColumns(sql`
    SELECT x.a_value::DOUBLE, x.b_value::DOUBLE FROM (${compilePairs(cohort, xAttributeId, yAttributeId)}) x
    WHERE regexp_full_match(x.a_value, ${NUMERIC_VALUE_PATTERN}) AND regexp_full_match(x.b_value, ${NUMERIC_VALUE_PATTERN})
    ORDER BY x.study_key, x.sample_key`);
  return { x, y };
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
