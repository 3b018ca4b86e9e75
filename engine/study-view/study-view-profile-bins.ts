// Histograms of molecular values in the Study View (study-view.md 4.9, 4.12): continuous gene
// profiles (expression, methylation, log2 CNA, ...) and numeric generic assays. Values of a gene or
// entity in the profiles `<studyId>_<profileType>` (profile type of the first request, as the
// reference does), NA-like cells left to the NA count, then binned as clinical data (5).
import type { BinRequest, DataBin, DataBinMethod } from '../stats/binning.js';
import type { ReadOnlyDb } from '../sql/db.js';
import { cohortSampleKeys, onePerPatient, samplePatients } from '../resident/case-keys.js';
import type { ProfileMatrices } from '../resident/profile-matrix.js';
import { countValuesIn, entityValueColumn, geneValueColumn, patientLevelStudies } from '../resident/profile-value-columns.js';
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

/** Per gene symbol (upper case): the cohort's values, one per stored cell, then NA for the samples without one (one NA per key: the intended reading of quirk 4). */
async function genomicValues(db: ReadOnlyDb, matrices: ProfileMatrices, cohort: BinCohorts['filtered'], profileType: string, symbols: readonly string[]): Promise<ValuesByKey> {
  const keys = await cohortSampleKeys(db, matrices, cohort);
  return new Map(await Promise.all(symbols.map(async (symbol) =>
    [symbol, countValuesIn(await geneValueColumn(db, matrices, profileType, symbol), keys, 'cells', { units: keys.length })] as const)));
}

/**
 * Genomic data bins (4.9). The caller removes the chart's own genomicDataFilter when one filter is
 * requested (3.17). Units are samples; genes without values get an NA bin only.
 */
export async function fetchGenomicDataBins(
  db: ReadOnlyDb, matrices: ProfileMatrices, cohorts: BinCohorts, requests: readonly GenomicDataBinRequest[], method: DataBinMethod,
): Promise<GenomicDataBin[]> {
  if (requests.length === 0) return [];
  const profileType = requests[0].profileType;
  const key = (r: GenomicDataBinRequest) => r.hugoGeneSymbol.toUpperCase();
  const symbols = [...new Set(requests.map(key))];
  const { unfiltered, filtered } = await binValues(cohorts, method, (c) => genomicValues(db, matrices, c, profileType, symbols));
  const binRequests = requests.map((r) => ({ ...r, attributeId: binAttributeId(r.hugoGeneSymbol, r.profileType) }));
  return binEach(binRequests, method, key, unfiltered, filtered, (r) => ({ hugoGeneSymbol: r.hugoGeneSymbol, profileType: r.profileType }));
}

/**
 * Per entity: the cohort's values in the generic-assay profiles of the type, one per sample, or
 * one per (patient, value) when a profile of the type in an involved study is patient-level
 * (values are stored copied to every sample of the patient); then NA for the units without one
 * (one per key, as genomicValues).
 */
export async function genericAssayValues(
  db: ReadOnlyDb, matrices: ProfileMatrices, cohort: BinCohorts['filtered'], studyIds: readonly string[], profileType: string, stableIds: readonly string[],
): Promise<ValuesByKey> {
  const [levels, keys] = await Promise.all([patientLevelStudies(db, matrices, profileType), cohortSampleKeys(db, matrices, cohort)]);
  const patient = studyIds.some((id) => levels.has(id));
  const units = patient ? onePerPatient(keys, await samplePatients(db, matrices)).length : keys.length;
  return new Map(await Promise.all(stableIds.map(async (id) =>
    [id, countValuesIn(await entityValueColumn(db, matrices, profileType, id), keys, patient ? 'patients' : 'samples', { units })] as const)));
}

/**
 * Generic assay bins (4.12). The caller removes the chart's own genericAssayDataFilter (stableId and
 * profile type) when one filter is requested (3.17). Special values such as `>8` feed the outlier bins.
 */
export async function fetchGenericAssayDataBins(
  db: ReadOnlyDb, matrices: ProfileMatrices, cohorts: BinCohorts, studyIds: readonly string[], requests: readonly GenericAssayDataBinRequest[], method: DataBinMethod,
): Promise<GenericAssayDataBin[]> {
  if (requests.length === 0) return [];
  const profileType = requests[0].profileType;
  const ids = [...new Set(requests.map((r) => r.stableId))];
  const { unfiltered, filtered } = await binValues(cohorts, method, (c) => genericAssayValues(db, matrices, c, studyIds, profileType, ids));
  const binRequests = requests.map((r) => ({ ...r, attributeId: binAttributeId(r.stableId, r.profileType) }));
  return binEach(binRequests, method, (r) => r.stableId, unfiltered, filtered, (r) => ({ stableId: r.stableId, profileType: r.profileType }));
}
