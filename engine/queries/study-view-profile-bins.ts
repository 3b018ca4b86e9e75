// Histograms of molecular values in the Study View (study-view.md 4.9, 4.12): continuous gene
// profiles (expression, methylation, log2 CNA, ...) and numeric generic assays. Values of a gene or
// entity in the profiles `<studyId>_<profileType>` (profile type of the first request, as the
// reference does), NA-like cells left to the NA count, then binned as clinical data (5).
import { inCohort } from '../filter/compile.js';
import { naLike } from '../filter/values.js';
import { caseCount, type BinRequest, type CountedValue, type DataBin, type DataBinMethod } from '../stats/binning.js';
import type { Db } from '../sql/db.js';
import { sql, type Fragment } from '../sql/sql.js';
import { entrezIdsOf } from './genes.js';
import { binEach, binValues, type BinCohorts, type ValuesByKey } from './study-view-bins.js';

export interface GenomicDataBinRequest extends BinRequest {
  hugoGeneSymbol: string;
  profileType: string;
}

export interface GenericAssayDataBinRequest extends BinRequest {
  stableId: string;
  profileType: string;
}

export type GenomicDataBin = DataBin & { hugoGeneSymbol: string; profileType: string };
export type GenericAssayDataBin = DataBin & { stableId: string; profileType: string };

/** The reference's attribute id of a molecular chart: id + profile type (so the age rule of 5.5.7 hardly ever applies). */
const binAttributeId = (id: string, profileType: string) => id + profileType;

/** Counted values by key plus `NA` for the units without a value, one NA count per key (the intended reading of quirk 4). */
function withNa(rows: readonly { key: string; vals: CountedValue[] }[], keys: readonly string[], units: number): ValuesByKey {
  const byKey = new Map(rows.map((r) => [r.key, r.vals]));
  return new Map(keys.map((k) => {
    const vals = byKey.get(k) ?? [];
    const missing = units - caseCount(vals);
    return [k, missing > 0 ? [...vals, { value: 'NA', count: missing }] : vals];
  }));
}

/** (value, n) rows of a key gathered as CountedValue structs. */
const countedList = sql`list({'value': value, 'count': n} ORDER BY value)`;

/** Per gene symbol (upper case): the non-NA values of the cohort's samples, then NA for the rest. */
async function genomicValues(db: Db, cohort: BinCohorts['filtered'], profileType: string, symbols: readonly string[]): Promise<ValuesByKey> {
  const [{ units }] = await db.all<{ units: number }>(sql`SELECT count(*)::INTEGER AS units FROM sample s WHERE ${inCohort(cohort, 's')}`);
  const rows = await db.all<{ key: string; vals: CountedValue[] }>(sql`
    SELECT key, ${countedList} AS vals FROM (
      SELECT g.hugo_gene_symbol AS key, gv.value, count(*)::INTEGER AS n
      FROM gene_value gv JOIN molecular_profile p USING (profile_key)
        JOIN cancer_study c ON c.study_key = p.study_key JOIN gene g ON g.entrez_gene_id = gv.entrez_gene_id
      WHERE gv.entrez_gene_id IN (${entrezIdsOf(symbols)}) AND ${inCohort(cohort, 'gv')} AND p.stable_id = c.study_id || '_' || ${profileType}
        AND NOT ${naLike(sql`gv.value`)}
      GROUP BY g.hugo_gene_symbol, gv.value)
    GROUP BY key`);
  return withNa(rows, symbols, units);
}

/**
 * Genomic data bins (4.9). The caller removes the chart's own genomicDataFilter when one filter is
 * requested (3.17). Units are samples; genes without values get an NA bin only.
 */
export async function fetchGenomicDataBins(
  db: Db, cohorts: BinCohorts, requests: readonly GenomicDataBinRequest[], method: DataBinMethod,
): Promise<GenomicDataBin[]> {
  if (requests.length === 0) return [];
  const profileType = requests[0].profileType;
  const key = (r: GenomicDataBinRequest) => r.hugoGeneSymbol.toUpperCase();
  const symbols = [...new Set(requests.map(key))];
  const { unfiltered, filtered } = await binValues(cohorts, method, (c) => genomicValues(db, c, profileType, symbols));
  const binRequests = requests.map((r) => ({ ...r, attributeId: binAttributeId(r.hugoGeneSymbol, r.profileType) }));
  return binEach(binRequests, method, key, unfiltered, filtered, (r) => ({ hugoGeneSymbol: r.hugoGeneSymbol, profileType: r.profileType }));
}

/**
 * Per entity: non-NA values of the cohort in the generic-assay profiles of the type, one per
 * sample, or one per (patient, value) when a profile of the type in an involved study is
 * patient-level (values are stored copied to every sample of the patient); then NA for the rest.
 */
async function genericAssayValues(
  db: Db, cohort: BinCohorts['filtered'], involved: Fragment, profileType: string, stableIds: readonly string[],
): Promise<ValuesByKey> {
  const profiles = sql`SELECT p.profile_key, p.patient_level FROM molecular_profile p JOIN cancer_study c ON c.study_key = p.study_key
    WHERE p.genetic_alteration_type = 'GENERIC_ASSAY' AND p.stable_id = c.study_id || '_' || ${profileType} AND p.study_key IN (${involved})`;
  const [{ patient, units }] = await db.all<{ patient: boolean; units: number }>(sql`
    WITH lvl AS (SELECT coalesce(bool_or(patient_level), FALSE) AS patient FROM (${profiles}))
    SELECT (SELECT patient FROM lvl) AS patient,
      (CASE WHEN (SELECT patient FROM lvl) THEN count(DISTINCT s.patient_key) ELSE count(*) END)::INTEGER AS units
    FROM sample s WHERE ${inCohort(cohort, 's')}`);
  const unit = patient ? sql`s.patient_key` : sql`s.sample_key`;
  const rows = await db.all<{ key: string; vals: CountedValue[] }>(sql`
    SELECT key, ${countedList} AS vals FROM (
      SELECT key, value, count(*)::INTEGER AS n FROM (
        SELECT DISTINCT ge.stable_id AS key, ${unit} AS unit, v.value
        FROM generic_assay_value v JOIN generic_entity ge USING (entity_key) JOIN sample s ON s.sample_key = v.sample_key
        WHERE v.entity_key IN (SELECT entity_key FROM generic_entity WHERE stable_id IN (SELECT unnest(${stableIds}::VARCHAR[])))
          AND ${inCohort(cohort, 'v')} AND v.profile_key IN (SELECT profile_key FROM (${profiles})) AND NOT ${naLike(sql`v.value`)})
      GROUP BY key, value)
    GROUP BY key`);
  return withNa(rows, stableIds, units);
}

/**
 * Generic assay bins (4.12). The caller removes the chart's own genericAssayDataFilter (stableId and
 * profile type) when one filter is requested (3.17). Special values such as `>8` feed the outlier bins.
 */
export async function fetchGenericAssayDataBins(
  db: Db, cohorts: BinCohorts, involved: Fragment, requests: readonly GenericAssayDataBinRequest[], method: DataBinMethod,
): Promise<GenericAssayDataBin[]> {
  if (requests.length === 0) return [];
  const profileType = requests[0].profileType;
  const ids = [...new Set(requests.map((r) => r.stableId))];
  const { unfiltered, filtered } = await binValues(cohorts, method, (c) => genericAssayValues(db, c, involved, profileType, ids));
  const binRequests = requests.map((r) => ({ ...r, attributeId: binAttributeId(r.stableId, r.profileType) }));
  return binEach(binRequests, method, (r) => r.stableId, unfiltered, filtered, (r) => ({ stableId: r.stableId, profileType: r.profileType }));
}
