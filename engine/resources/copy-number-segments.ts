// Copy number segments (api.md 15.3): one sample's segments (GET) or those of listed
// (study, sample) pairs (POST), optionally on one chromosome; import order unless sorted.
import type { ArrowRows } from '../sql/arrow-chunks.js';
import { toApiObject, type ReadOnlyDb } from '../sql/db.js';
import { raw, sql, type Fragment, whitelisted } from '../sql/sql.js';
import { caseKeys, chosenCases } from '../resident/case-keys.js';
import type { ProfileMatrices } from '../resident/profile-matrix.js';

export const SEGMENT_SORT_COLUMNS = {
  chromosome: 'c.chr', start: 'c.start_position', end: 'c.end_position', numberOfProbes: 'c.num_probes', segmentMean: 'c.segment_mean',
} as const;
export type SegmentSortBy = keyof typeof SEGMENT_SORT_COLUMNS;

export type SegmentSamples =
  | { kind: 'sample'; sampleKey: number }
  /** Parallel lists of (studyId, sampleId); unknown pairs select nothing. */
  | { kind: 'identifiers'; studyIds: readonly string[]; sampleIds: readonly string[] };

export interface SegmentQuery {
  samples: SegmentSamples;
  /** Exact chromosome text as stored (`17`, `X`). */
  chromosome?: string;
  sortBy?: SegmentSortBy;
  direction?: 'ASC' | 'DESC';
  limit?: number;
  offset?: number;
}

function whereClause(q: SegmentQuery): Fragment {
  const s = q.samples;
  const samples = s.kind === 'sample'
    ? sql`c.sample_key = ${s.sampleKey}`
    : sql`c.sample_key IN (SELECT x.sample_key FROM (SELECT unnest(${s.studyIds}::VARCHAR[]) AS study_id, unnest(${s.sampleIds}::VARCHAR[]) AS sample_id) r
        JOIN cancer_study cs ON cs.study_id = r.study_id JOIN sample x ON x.study_key = cs.study_key AND x.sample_id = r.sample_id)`;
  return q.chromosome === undefined ? samples : sql`${samples} AND c.chr = ${q.chromosome}`;
}

/** The rows of an answer, for fetchCopyNumberSegments and Arrow. */
export function copyNumberSegmentRows(q: SegmentQuery): ArrowRows {
  // rowid is the file order the loader appended the segments in (the reference's import order).
  const order = q.sortBy
    ? sql`${raw(whitelisted(SEGMENT_SORT_COLUMNS, q.sortBy))} ${raw(q.direction === 'DESC' ? 'DESC' : 'ASC')}, c.rowid`
    : sql`c.rowid`;
  return {
    query: sql`
    SELECT unique_key(sa.sample_id, st.study_id) AS unique_sample_key, unique_key(pa.patient_id, st.study_id) AS unique_patient_key,
      st.study_id, sa.sample_id, pa.patient_id, c.chr AS chromosome, c.start_position AS start, c.end_position AS "end",
      c.num_probes AS number_of_probes, c.segment_mean
    FROM copy_number_seg c JOIN sample sa ON sa.sample_key = c.sample_key JOIN patient pa ON pa.patient_key = sa.patient_key
      JOIN cancer_study st ON st.study_key = c.study_key
    WHERE ${whereClause(q)}
    ORDER BY ${order}
    LIMIT ${q.limit ?? 2147483647} OFFSET ${q.offset ?? 0}`,
  };
}

/** A row of copyNumberSegmentRows (every column NOT NULL in the store). */
export type SegmentRow = {
  unique_sample_key: string; unique_patient_key: string; study_id: string; sample_id: string; patient_id: string;
  chromosome: string; start: number; end: number; number_of_probes: number; segment_mean: number;
};

export async function fetchCopyNumberSegments(db: ReadOnlyDb, q: SegmentQuery) {
  return (await db.all<SegmentRow>(copyNumberSegmentRows(q).query)).map(toApiObject);
}

export async function countCopyNumberSegments(db: ReadOnlyDb, q: SegmentQuery): Promise<number> {
  const row = await db.one<{ n: number }>(sql`SELECT count(*)::INTEGER AS n FROM copy_number_seg c WHERE ${whereClause(q)}`);
  return row?.n ?? 0;
}

/** A study's segments per sample: sample key k has counts[k - firstKey] (keys past the array, none). */
interface SegmentCounts {
  firstKey: number;
  counts: Int32Array;
}

function studySegmentCounts(db: ReadOnlyDb, matrices: ProfileMatrices, studyId: string): Promise<SegmentCounts> {
  return matrices.keep(`copy number segment counts ${studyId}`, async () => {
    const [keys, counts] = await db.numericColumns(sql`SELECT c.sample_key::DOUBLE, count(*)::DOUBLE FROM copy_number_seg c
      JOIN sample x ON x.sample_key = c.sample_key JOIN cancer_study s ON s.study_key = x.study_key
      WHERE s.study_id = ${studyId} GROUP BY c.sample_key ORDER BY c.sample_key`);
    const firstKey = keys.length > 0 ? keys[0] : 0;
    const byKey = new Int32Array(keys.length > 0 ? keys[keys.length - 1] - firstKey + 1 : 0);
    keys.forEach((key, i) => (byKey[key - firstKey] = counts[i]));
    return { firstKey, counts: byKey };
  }, (c) => c.counts.byteLength, [studyId]);
}

/**
 * The META count of listed samples on every chromosome (what a Study View page load asks of every
 * sample): the pairs resolved in memory (case-keys.ts) and each study's counts kept. Joining
 * 272,000 pairs in DuckDB took ~550 ms; this takes milliseconds.
 */
export async function countSegmentsOfSamples(db: ReadOnlyDb, matrices: ProfileMatrices, studyIds: readonly string[], sampleIds: readonly string[]): Promise<number> {
  const { chosen, studyIds: found } = await chosenCases(await caseKeys(db, matrices, 'sample'), sampleIds.length, (i) => studyIds[i], (i) => sampleIds[i]);
  let total = 0;
  for (const { firstKey, counts } of await Promise.all([...found].map((studyId) => studySegmentCounts(db, matrices, studyId)))) {
    for (let k = 0; k < counts.length; k++) if (chosen[firstKey + k] === 1) total += counts[k];
  }
  return total;
}
