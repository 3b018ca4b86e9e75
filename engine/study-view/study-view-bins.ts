// Clinical and custom data histograms of the Study View (study-view.md 4.6, 4.7): the values of
// each attribute come from its count query (4.4, 4.5) as (value, count) pairs, then the pure
// binner (engine/stats/binning.ts) makes the bins, STATIC or DYNAMIC (5.2).
import type { Cohort } from '../filter/compile.js';
import { binData, type BinRequest, type CountedValue, type DataBin, type DataBinMethod } from '../stats/binning.js';
import type { ReadOnlyDb } from '../sql/db.js';
import { sameSql } from '../sql/sql.js';
import type { ProfileMatrices } from '../resident/profile-matrix.js';
import { fetchClinicalDataCounts, type ClinicalDataCountItem } from './study-view-counts.js';
import { fetchCustomDataCounts, type CustomDataset } from './study-view-custom-data.js';

export interface ClinicalDataBinRequest extends BinRequest {
  attributeId: string;
}

export interface ClinicalDataBin extends DataBin {
  attributeId: string;
}

/** The cohorts of a bin request: filtered, and for STATIC the partial filter's (studyIds/sampleIdentifiers only). */
export interface BinCohorts {
  filtered: Cohort;
  unfiltered?: Cohort;
}

/** Counted values of one chart, unfiltered (STATIC only) and filtered; by chart key. */
export type ValuesByKey = Map<string, readonly CountedValue[]>;

/** The counts of each attribute ({value: 'NA', count: 3}: three cases without a value), by attribute id. */
const byAttribute = (items: readonly ClinicalDataCountItem[]): ValuesByKey => new Map(items.map((item) => [item.attributeId, item.counts]));

/**
 * The values of the filtered cohort and, for STATIC, of the unfiltered one; fetched once when both
 * are the same cohort (no filter beyond studyIds/sampleIdentifiers, or only the chart's own).
 */
export async function binValues(
  cohorts: BinCohorts, method: DataBinMethod, fetch: (cohort: Cohort) => Promise<ValuesByKey>,
): Promise<{ unfiltered: ValuesByKey; filtered: ValuesByKey }> {
  const filtered = await fetch(cohorts.filtered);
  const { unfiltered } = cohorts;
  if (method !== 'STATIC' || unfiltered === undefined) return { unfiltered: new Map(), filtered };
  return { unfiltered: sameSql(unfiltered, cohorts.filtered) ? filtered : await fetch(unfiltered), filtered };
}

/**
 * Bins of each request, in request order, each bin carrying the request's identity fields. A key
 * without values gives no bins (STATIC: none unfiltered; DYNAMIC: none filtered).
 */
export function binEach<R extends BinRequest, I extends object>(
  requests: readonly R[], method: DataBinMethod, key: (r: R) => string,
  unfiltered: ValuesByKey, filtered: ValuesByKey, identity: (r: R) => I,
): (I & DataBin)[] {
  return requests.flatMap((r) =>
    binData(r, unfiltered.get(key(r)) ?? [], filtered.get(key(r)) ?? [], method).map((bin) => ({ ...identity(r), ...bin })));
}

/**
 * Clinical bins (4.6). The caller removes the attribute's own clinical filter when it is the only
 * one requested (3.17). Attributes no involved study defines give no bins.
 */
export async function fetchClinicalDataBins(
  db: ReadOnlyDb, matrices: ProfileMatrices, cohorts: BinCohorts, studyIds: readonly string[], attributes: readonly ClinicalDataBinRequest[], method: DataBinMethod,
): Promise<ClinicalDataBin[]> {
  if (attributes.length === 0) return [];
  const ids = attributes.map((a) => a.attributeId);
  const { unfiltered, filtered } = await binValues(cohorts, method, async (c) => byAttribute(await fetchClinicalDataCounts(db, matrices, c, studyIds, ids)));
  return binEach(attributes, method, (a) => a.attributeId, unfiltered, filtered, (a) => ({ attributeId: a.attributeId }));
}

/**
 * Custom data bins (4.7): the counts of 4.5 (values as sent; NA = NA-like values + cases without
 * an entry) expanded and binned as clinical data. Ids without a dataset give no bins.
 */
export async function fetchCustomDataBins(
  db: ReadOnlyDb, matrices: ProfileMatrices, cohorts: BinCohorts, datasets: readonly CustomDataset[], attributes: readonly ClinicalDataBinRequest[], method: DataBinMethod,
): Promise<ClinicalDataBin[]> {
  if (attributes.length === 0 || datasets.length === 0) return [];
  const { unfiltered, filtered } = await binValues(cohorts, method, async (c) => byAttribute(await fetchCustomDataCounts(db, matrices, c, datasets)));
  return binEach(attributes, method, (a) => a.attributeId, unfiltered, filtered, (a) => ({ attributeId: a.attributeId }));
}
