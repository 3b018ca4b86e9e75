// The Study View clinical tab (study-view.md 4.21): the filtered samples, searched, sorted and paged,
// with every stored sample value and every stored value of their patient; answered in memory over
// the lookups of clinical-table-lookups.ts.
import type { Cohort } from '../filter/compile.js';
import type { ReadOnlyDb } from '../sql/db.js';
import { cohortSampleKeys, membersOf, sampleIdsByKey, sampleStudies, studiesOf, type SampleIds } from '../resident/case-keys.js';
import { attributeDefinitions, type AttributeDefinition } from '../resident/clinical-columns.js';
import { clinicalValues, sortOrder, type CaseValues, type ClinicalValues, type SortColumn, type SortOrder } from '../resident/clinical-table-lookups.js';
import type { ProfileMatrices } from '../resident/profile-matrix.js';

export interface ClinicalTableQuery {
  /** 0 = no paging (PagingConstants.NO_PAGING_PAGE_SIZE; see fetchClinicalTable). */
  pageSize: number;
  pageNumber: number;
  searchTerm: string;
  sortBy?: string;
  direction: 'ASC' | 'DESC';
}

export interface ClinicalTableDatum {
  sampleId: string;
  patientId: string;
  studyId: string;
  clinicalAttributeId: string;
  value: string;
}

export interface ClinicalTablePage {
  /** Matching samples before paging (the `total-count` header). */
  totalCount: number;
  /**
   * The page's samples in order, each with its rows (sample values, then patient values, by
   * attribute id). A sample without any stored value is left out, as the reference groups the rows.
   */
  samples: { studyId: string; sampleId: string; data: ClinicalTableDatum[] }[];
}

/**
 * Search: the term is a case-sensitive, literal substring of one of the sample's or its patient's
 * stored values, of the sample id or of the patient id. (The reference's LIKE also treats `%`/`_` as
 * wildcards and, by inner-joining both clinical tables, cannot find a sample lacking sample or patient
 * values; we implement the documented "partial match" instead.) Marks the cohort's matches.
 */
function searchMatches(term: string, keys: Int32Array, values: ClinicalValues, ids: SampleIds): Uint8Array {
  const matches = new Uint8Array(keys.length > 0 ? keys[keys.length - 1] + 1 : 0);
  const valueMatches = Uint8Array.from(values.texts, (text) => (text.includes(term) ? 1 : 0));
  const anyValue = (level: CaseValues, key: number) => {
    for (let i = level.offsets[key]; i < level.offsets[key + 1]; i++) if (valueMatches[level.values[i]] === 1) return true;
    return false;
  };
  for (const key of keys) {
    const patient = ids.patientKey[key];
    if (ids.sampleId[key]!.includes(term) || ids.patientId[key]!.includes(term) || anyValue(values.sample, key) || anyValue(values.patient, patient))
      matches[key] = 1;
  }
  return matches;
}

/**
 * The sort column: the sample or patient id, or the sample's (sample attribute) / its patient's
 * (patient attribute) value, as a number when the attribute is NUMBER (non-numeric: no value), else
 * as text. Level and datatype come from the first study (in load order) of the cohort defining the
 * attribute; an attribute defined nowhere sorts nothing (the reference fails with a server error).
 */
function sortColumnOf(sortBy: string | undefined, keys: Int32Array, studyOf: Int32Array, definitions: Map<string, AttributeDefinition[]>): SortColumn | undefined {
  if (sortBy === undefined || sortBy === '') return undefined;
  if (sortBy === 'sampleId' || sortBy === 'patientId') return sortBy;
  const definingStudies = definitions.get(sortBy) ?? [];
  const studies = definingStudies.length > 0 ? studiesOf(keys, studyOf) : new Set<number>();
  const defined = definingStudies.find((d) => studies.has(d.study));
  return defined === undefined ? undefined : { attrId: sortBy, patient: defined.patient, numeric: defined.numeric };
}

/**
 * Visits the sample keys in the order's direction: ascending or descending by value, ties by key,
 * those without a value last in both directions; until `visit` returns false.
 */
function walk(sort: SortOrder, direction: 'ASC' | 'DESC', visit: (key: number) => boolean): void {
  const { order, runStarts } = sort;
  const runs = runStarts.length - 1;
  const valued = runStarts[runs];
  if (direction === 'ASC') {
    for (let i = 0; i < valued; i++) if (!visit(order[i])) return;
  } else {
    for (let r = runs - 1; r >= 0; r--) for (let i = runStarts[r]; i < runStarts[r + 1]; i++) if (!visit(order[i])) return;
  }
  for (let i = valued; i < order.length; i++) if (!visit(order[i])) return;
}

/**
 * One page of the clinical table. Paging: offset = pageSize × pageNumber. `pageSize` 0 returns every
 * match: it is the reference's NO_PAGING_PAGE_SIZE default (its service slices an empty page then,
 * and answers total-count 0 for a page past the end; we keep the true count, as the header promises).
 * Without a sort column, samples come in import (key) order.
 */
export async function fetchClinicalTable(db: ReadOnlyDb, matrices: ProfileMatrices, cohort: Cohort, query: ClinicalTableQuery): Promise<ClinicalTablePage> {
  const [keys, values, ids, studyOf, definitions] = await Promise.all([
    cohortSampleKeys(db, matrices, cohort), clinicalValues(db, matrices), sampleIdsByKey(db, matrices), sampleStudies(db, matrices), attributeDefinitions(db, matrices),
  ]);
  const searched = query.searchTerm.trim() === '' ? undefined : searchMatches(query.searchTerm, keys, values, ids);
  let totalCount = keys.length;
  if (searched !== undefined) {
    totalCount = 0;
    for (const key of keys) totalCount += searched[key];
  }
  const member = searched ?? membersOf(keys);
  const first = query.pageSize * query.pageNumber;
  const end = query.pageSize === 0 ? totalCount : Math.min(totalCount, first + query.pageSize);
  const page: number[] = [];
  let seen = 0;
  const take = (key: number) => {
    if (member[key] !== 1) return true;
    if (seen >= first) page.push(key);
    return ++seen < end;
  };
  const column = sortColumnOf(query.sortBy, keys, studyOf, definitions);
  if (first < end) {
    if (column === undefined) {
      for (const key of keys) if (!take(key)) break;
    } else {
      walk(await sortOrder(db, matrices, column), query.direction, take);
    }
  }
  return { totalCount, samples: page.flatMap((key) => rowsOf(key, values, ids)) };
}

/** A sample's rows (its values, then its patient's, each by attribute id); none when it has no value. */
function rowsOf(key: number, values: ClinicalValues, ids: SampleIds): ClinicalTablePage['samples'] {
  const sampleId = ids.sampleId[key]!;
  const patientId = ids.patientId[key]!;
  const studyId = ids.studyId[key]!;
  const data: ClinicalTableDatum[] = [];
  const add = (level: CaseValues, caseKey: number) => {
    for (let i = level.offsets[caseKey]; i < level.offsets[caseKey + 1]; i++)
      data.push({ sampleId, patientId, studyId, clinicalAttributeId: values.attrIds[level.attrs[i]], value: values.texts[level.values[i]] });
  };
  add(values.sample, key);
  add(values.patient, ids.patientKey[key]);
  return data.length === 0 ? [] : [{ studyId, sampleId, data }];
}
