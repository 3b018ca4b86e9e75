// Clinical data histograms of the Study View (study-view.md 4.6): the values of each attribute
// come from the clinical-data-counts query (4.4) expanded to one string per sample or patient,
// then the pure binner (engine/stats/binning.ts) makes the bins, STATIC or DYNAMIC (5.2).
import { compileCohort, compileInvolvedStudies, type StudyViewFilter } from '../filter/compile.js';
import { binData, type BinRequest, type DataBin, type DataBinMethod } from '../stats/binning.js';
import type { Db } from '../sql/db.js';
import { fetchClinicalDataCounts, type ClinicalDataCountItem } from './study-view-counts.js';

export interface ClinicalDataBinRequest extends BinRequest {
  attributeId: string;
}

export interface ClinicalDataBin extends DataBin {
  attributeId: string;
}

/** One string per counted case ({value: 'NA', count: 3} gives three 'NA'); by attribute id. */
function expand(items: readonly ClinicalDataCountItem[]): Map<string, string[]> {
  return new Map(items.map((item) => [item.attributeId, item.counts.flatMap((c) => Array<string>(c.count).fill(c.value))]));
}

/**
 * Bins per requested attribute, in request order. The attribute's own clinical filter is removed
 * when it is the only one requested (3.17). STATIC bins the cohort of studyIds/sampleIdentifiers
 * alone and recounts on the filtered cohort; DYNAMIC bins the filtered cohort. Attributes no
 * involved study defines give no bins.
 */
export async function fetchClinicalDataBins(
  db: Db, filter: StudyViewFilter, attributes: readonly ClinicalDataBinRequest[], method: DataBinMethod,
): Promise<ClinicalDataBin[]> {
  if (attributes.length === 0) return [];
  const ids = attributes.map((a) => a.attributeId);
  const involved = compileInvolvedStudies(filter);
  const omit = attributes.length === 1 ? { block: 'clinicalDataFilters', key: attributes[0].attributeId } : undefined;
  const filtered = expand(await fetchClinicalDataCounts(db, compileCohort(filter, { omit }), involved, ids));
  const unfiltered = method === 'STATIC'
    ? expand(await fetchClinicalDataCounts(db, compileCohort({ studyIds: filter.studyIds, sampleIdentifiers: filter.sampleIdentifiers }), involved, ids))
    : new Map<string, string[]>();
  return attributes.flatMap((request) =>
    binData(request, unfiltered.get(request.attributeId) ?? [], filtered.get(request.attributeId) ?? [], method)
      .map((bin) => ({ attributeId: request.attributeId, ...bin })));
}
