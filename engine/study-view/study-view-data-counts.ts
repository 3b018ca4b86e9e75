// Study View per-gene count charts over the filtered cohort: discrete CNA counts and mutation
// counts (study-view.md 4.8, 4.10).
import { inCohort, type Cohort } from '../filter/compile.js';
import { naLike } from '../filter/values.js';
import type { ReadOnlyDb } from '../sql/db.js';
import { sql, type Fragment } from '../sql/sql.js';
import type { CountedValue } from '../stats/binning.js';
import { cohortSampleKeys, membersOf, sampleIdsByKey } from '../resident/case-keys.js';
import { genePanels, profilingRows, type ProfilingRows } from '../resident/gene-table-lookups.js';
import { entrezIdsOf } from '../resources/genes.js';
import type { ProfileMatrices } from '../resident/profile-matrix.js';
import { countValuesIn, geneValueColumn, type ValueColumn } from '../resident/profile-value-columns.js';
import { entrezOfSymbol, geneSampleEvents, geneSymbols, type GeneSampleEvents } from '../resident/resident-lookups.js';
import { genericAssayValues } from './study-view-profile-bins.js';

export interface GenomicDataCount {
  label: string;
  value: string;
  count: number;
  uniqueCount?: number;
  sampleIds?: string[];
}

export interface GenomicDataCountItem {
  hugoGeneSymbol: string;
  profileType: string;
  counts: GenomicDataCount[];
}

const CNA_LABELS: Record<string, string> = {
  '2': 'Amplified', '1': 'Gained', '0': 'Diploid', '-1': 'Heterozygously deleted', '-2': 'Homozygously deleted',
};

/**
 * Discrete CNA chart (4.8): per requested gene, filtered samples per stored value of the gene in
 * the profiles `<studyId>_<profileType>`, then one NA entry per gene (filtered samples − Σ counts,
 * always present). NA-like stored values are left to the NA entry (so NA is never listed twice).
 * Unknown genes give an item with only the NA entry; items follow the request order; counts are
 * by value descending (2, 1, 0, -1, -2).
 */
export async function fetchGenomicDataCounts(
  db: ReadOnlyDb, matrices: ProfileMatrices, cohort: Cohort, profileType: string, genes: readonly string[],
): Promise<GenomicDataCountItem[]> {
  const symbols = [...new Set(genes.map((g) => g.toUpperCase()))];
  const [keys, columns] = await Promise.all([
    cohortSampleKeys(db, matrices, cohort),
    Promise.all(symbols.map((symbol) => geneValueColumn(db, matrices, profileType, symbol))),
  ]);
  const counted = new Map(symbols.map((symbol, i) => [symbol, valuesByNumberDescending(columns[i], countValuesIn(columns[i], keys, 'samples'))]));
  return genes.map((gene) => {
    const counts: GenomicDataCount[] = counted.get(gene.toUpperCase())!.map((c) => ({ label: CNA_LABELS[c.value] ?? 'NA', value: c.value, count: c.count }));
    const na = keys.length - counts.reduce((sum, c) => sum + c.count, 0);
    return { hugoGeneSymbol: gene, profileType, counts: [...counts, { label: 'NA', value: 'NA', count: na }] };
  });
}

/** As DuckDB orders TRY_CAST(value AS DOUBLE) DESC NULLS LAST, value (the counts follow the column's order of values). */
function valuesByNumberDescending(column: ValueColumn, counts: readonly CountedValue[]): CountedValue[] {
  const doubleOf = new Map(column.names.map((name, i) => [name, column.doubles[i]]));
  // Stable: values of one number (and the non-numbers, last) stay in the column's VARCHAR order.
  return [...counts].sort((a, b) => {
    const x = doubleOf.get(a.value) ?? null;
    const y = doubleOf.get(b.value) ?? null;
    if (x === null || y === null) return (x === null ? 1 : 0) - (y === null ? 1 : 0);
    return x === y ? 0 : x > y ? -1 : 1;
  });
}

/**
 * "Mutated?" pie (4.10, SUMMARY): per requested gene, filtered samples with ≥ 1 mutation event of
 * the gene, profiled (MUTATION_EXTENDED sample↔profile row whose panel — or whole exome — holds
 * the gene) but not mutated, and not profiled; entries only when > 0. A symbol held by several
 * genes counts its smallest Entrez id's. Counted in memory over the gene tables' lookups.
 */
export async function fetchMutationSummaryCounts(db: ReadOnlyDb, matrices: ProfileMatrices, cohort: Cohort, genes: readonly string[]): Promise<GenomicDataCountItem[]> {
  const { keys, samplesOf } = await mutationStatusOf(db, matrices, cohort);
  return genes.map((gene) => {
    const { mutated, profiled } = samplesOf(gene);
    const entries: [string, string, number][] = [
      ['Mutated', 'MUTATED', mutated.length],
      ['Not Mutated', 'NOT_MUTATED', profiled.length - mutated.length],
      ['Not Profiled', 'NOT_PROFILED', keys.length - profiled.length],
    ];
    const counts = entries.filter(([, , n]) => n > 0).map(([label, value, count]) => ({ label, value, count, uniqueCount: count }));
    return { hugoGeneSymbol: gene, profileType: 'mutations', counts };
  });
}

/**
 * The cohort's sample keys, and per gene symbol its samples with a mutation event and those
 * profiled for it, from the gene tables' lookups. A symbol held by several genes is its smallest
 * Entrez id's; an unknown symbol has none.
 */
async function mutationStatusOf(db: ReadOnlyDb, matrices: ProfileMatrices, cohort: Cohort) {
  const [keys, events, rows, panels, symbols] = await Promise.all([
    cohortSampleKeys(db, matrices, cohort),
    geneSampleEvents(db, matrices, sql`e.variant_type = 'mutation'`),
    profilingRows(db, matrices, 'MUTATION_EXTENDED'),
    genePanels(db, matrices),
    geneSymbols(db, matrices),
  ]);
  const member = membersOf(keys);
  const entrezOf = entrezOfSymbol(symbols);
  const samplesOf = (gene: string): { mutated: number[]; profiled: number[] } => {
    const entrez = entrezOf.get(gene.toUpperCase());
    if (entrez === undefined) return { mutated: [], profiled: [] };
    return { mutated: mutatedIn(events, entrez, member), profiled: profiledIn(rows, new Set(panels.panelsOfGene.get(entrez)), member) };
  };
  return { keys, samplesOf };
}

/** The cohort's samples (`member`: 1 at their keys) with an event of the gene (runs by gene ascending). */
function mutatedIn(events: GeneSampleEvents, entrez: number, member: Uint8Array): number[] {
  let lo = 0;
  let hi = events.genes.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (events.genes[mid] < entrez) lo = mid + 1;
    else hi = mid;
  }
  const keys: number[] = [];
  if (events.genes[lo] === entrez) for (let i = events.offsets[lo]; i < events.offsets[lo + 1]; i++) if (member[events.samples[i]] === 1) keys.push(events.samples[i]);
  return keys;
}

/** The cohort's samples with a profiling row on a panel of `panels`, or without a panel (whole exome). */
function profiledIn(rows: ProfilingRows, panels: ReadonlySet<number>, member: Uint8Array): number[] {
  const counted = new Uint8Array(member.length);
  const keys: number[] = [];
  for (let i = 0; i < rows.samples.length; i++) {
    const sample = rows.samples[i];
    if (member[sample] !== 1 || counted[sample] === 1 || (rows.panels[i] >= 0 && !panels.has(rows.panels[i]))) continue;
    counted[sample] = 1;
    keys.push(sample);
  }
  return keys;
}

/**
 * Mutation-type table (4.10, other projections): per gene and raw mutation type among mutation
 * events of filtered samples, the number of events and of distinct samples, and with
 * `includeSampleIds` those samples ("<studyId>_<sampleId>", ascending).
 */
export async function fetchMutationTypeCounts(db: ReadOnlyDb, cohort: Cohort, genes: readonly string[], includeSampleIds = false): Promise<GenomicDataCountItem[]> {
  const symbols = [...new Set(genes.map((g) => g.toUpperCase()))];
  // The samples' ids are joined only when listed.
  const [sampleIds, joins] = includeSampleIds
    ? [sql`, list(DISTINCT c.study_id || '_' || s.sample_id ORDER BY c.study_id || '_' || s.sample_id) AS sample_ids`,
      sql`JOIN sample s USING (sample_key) JOIN cancer_study c ON c.study_key = s.study_key`]
    : [sql``, sql``];
  const rows = await db.all<{ symbol: string; value: string; count: number; unique_count: number; sample_ids?: string[] }>(sql`
    SELECT g.hugo_gene_symbol AS symbol, e.mutation_type AS value, count(*)::INTEGER AS count, count(DISTINCT e.sample_key)::INTEGER AS unique_count ${sampleIds}
    FROM genomic_event e JOIN gene g USING (entrez_gene_id) ${joins}
    WHERE e.entrez_gene_id IN (${entrezIdsOf(symbols)}) AND e.variant_type = 'mutation' AND ${inCohort(cohort, 'e')}
    GROUP BY g.hugo_gene_symbol, e.mutation_type ORDER BY symbol, count DESC, value`);
  return genes.flatMap((gene) => {
    const counts = rows.filter((r) => r.symbol === gene.toUpperCase()).map((r) => ({
      label: r.value.replaceAll('_', ' '), value: r.value, count: r.count, uniqueCount: r.unique_count, ...(includeSampleIds ? { sampleIds: r.sample_ids ?? [] } : {}),
    }));
    return counts.length === 0 ? [] : [{ hugoGeneSymbol: gene, profileType: 'mutations', counts }];
  });
}

/**
 * The two items includeSampleIds adds for a gene (4.10): "Not Mutated", the filtered samples
 * profiled for the gene without a mutation event of it, and "Not Profiled", the other filtered
 * samples (the reference takes every sample of the studies there: Appendix B quirk 8, not
 * followed), each with its samples ("<studyId>_<sampleId>", ascending).
 */
export async function fetchMutationStatusSamples(db: ReadOnlyDb, matrices: ProfileMatrices, cohort: Cohort, gene: string): Promise<GenomicDataCountItem[]> {
  const { keys, samplesOf } = await mutationStatusOf(db, matrices, cohort);
  const { mutated, profiled } = samplesOf(gene);
  const isMutated = new Set(mutated);
  const isProfiled = new Set(profiled);
  const groups: [string, string, number[]][] = [
    ['Not Mutated', 'NOT_MUTATED', profiled.filter((key) => !isMutated.has(key))],
    ['Not Profiled', 'NOT_PROFILED', Array.from(keys).filter((key) => !isProfiled.has(key))],
  ];
  const ids = await sampleIdsByKey(db, matrices);
  return groups.map(([label, value, members]) => {
    const sampleIds = members.map((key) => `${ids.studyId[key]}_${ids.sampleId[key]}`).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    return { hugoGeneSymbol: gene, profileType: label, counts: [{ label, value, count: sampleIds.length, uniqueCount: sampleIds.length, sampleIds }] };
  });
}

export interface GenericAssayDataCountItem {
  stableId: string;
  counts: { value: string; count: number }[];
}

/**
 * Categorical / binary generic assay charts (4.11) over the profiles `<studyId>_<profileType>`.
 * Units are patients when a profile of the type in an involved study is patient-level (values are
 * stored copied to every sample of the patient), else samples. Raw values (case-sensitive) minus
 * NA-like ones are counted over the filtered units.
 *
 * Per requested entity (request order, each once), counted in memory over the entity's kept values
 * (profile-value-columns.ts): counts by count desc, then value; NA = filtered units − Σ, always
 * present (one per entity, the intended reading of the reference's single NA).
 */
export async function fetchGenericAssayEntityCounts(
  db: ReadOnlyDb, matrices: ProfileMatrices, cohort: Cohort, studyIds: readonly string[], profileType: string, stableIds: readonly string[],
): Promise<GenericAssayDataCountItem[]> {
  const ids = [...new Set(stableIds)];
  const counted = await genericAssayValues(db, matrices, cohort, studyIds, profileType, ids);
  return ids.map((id) => {
    // The units without a value come last as NA, when there are any; stored values are never NA-like.
    const values = [...counted.get(id)!];
    const na = values.at(-1)?.value === 'NA' ? values.pop()!.count : 0;
    // Stable: values of one count stay in VARCHAR order.
    const counts = values.sort((a, b) => b.count - a.count).map(({ value, count }) => ({ value, count }));
    return { stableId: id, counts: [...counts, { value: 'NA', count: na }] };
  });
}

/**
 * As fetchGenericAssayEntityCounts, for every entity with data among the filtered units: NA =
 * filtered units with any row of the profile type − Σ, only when > 0; items sorted by the id's
 * leading integer (0 if none), then id, and an item's counts by value (4.11).
 */
export async function fetchGenericAssayDataCounts(db: ReadOnlyDb, cohort: Cohort, involved: Fragment, profileType: string): Promise<GenericAssayDataCountItem[]> {
  const profiles = sql`SELECT p.profile_key, p.patient_level FROM molecular_profile p JOIN cancer_study c ON c.study_key = p.study_key
    WHERE p.genetic_alteration_type = 'GENERIC_ASSAY' AND p.stable_id = c.study_id || '_' || ${profileType} AND p.study_key IN (${involved})`;
  const rows = await db.all<{ stable_id: string; counts: { value: string; count: number }[]; with_rows: number }>(sql`
    WITH prof AS (${profiles}),
    lvl AS (SELECT coalesce(bool_or(patient_level), FALSE) AS patient FROM prof),
    fs AS (SELECT s.sample_key, CASE WHEN (SELECT patient FROM lvl) THEN s.patient_key ELSE s.sample_key END AS unit
      FROM sample s WHERE ${inCohort(cohort, 's')}),
    vals AS (
      SELECT ge.stable_id, v.value, fs.unit FROM generic_assay_value v JOIN generic_entity ge USING (entity_key)
        JOIN fs ON fs.sample_key = v.sample_key
      WHERE v.profile_key IN (SELECT profile_key FROM prof)),
    counted AS (
      SELECT stable_id, value, count(DISTINCT unit)::INTEGER AS count FROM vals
      WHERE NOT ${naLike(sql`value`)} GROUP BY stable_id, value),
    entities AS (SELECT DISTINCT stable_id FROM vals)
    SELECT e.stable_id,
      coalesce((SELECT list({'value': c.value, 'count': c.count} ORDER BY c.value) FROM counted c WHERE c.stable_id = e.stable_id), []) AS counts,
      (SELECT count(DISTINCT unit) FROM vals)::INTEGER AS with_rows
    FROM entities e`);
  const sum = (counts: { count: number }[]) => counts.reduce((n, c) => n + c.count, 0);
  const leading = (id: string) => Number(/^\d+/.exec(id)?.[0] ?? 0);
  return rows
    .sort((a, b) => leading(a.stable_id) - leading(b.stable_id) || (a.stable_id < b.stable_id ? -1 : a.stable_id > b.stable_id ? 1 : 0))
    .map((r) => {
      const na = r.with_rows - sum(r.counts);
      return { stableId: r.stable_id, counts: na > 0 ? [...r.counts, { value: 'NA', count: na }] : r.counts };
    });
}
