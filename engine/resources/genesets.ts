// Gene sets and gene set scores (api.md 19.1, 19.2), as cBioPortal's GenesetMapper.xml and
// GenesetDataServiceImpl answer them.
import { NotFound } from '../errors.js';
import type { ReadOnlyDb } from '../sql/db.js';
import { sql, type Fragment } from '../sql/sql.js';
import { normaliseCellText } from './generic-assays-value.js';
import { requireSampleListKey, type ProfileRow } from './lookup.js';

const GENESET_COLUMNS = sql`g.geneset_id, g.name, g.description, g.ref_link`;

/** A gene set as GENESET_COLUMNS select it. */
export interface GenesetRow {
  geneset_id: string;
  name: string | null;
  description: string | null;
  ref_link: string | null;
}

/** A gene set score of a sample, its value as the API writes it (normaliseCellText). */
export interface GenesetDataRow {
  unique_sample_key: string;
  unique_patient_key: string;
  genetic_profile_id: string;
  sample_id: string;
  patient_id: string;
  study_id: string;
  geneset_id: string;
  stable_id: string;
  value: string;
}

/** All gene sets, or those with these ids; always ordered by genesetId. */
export async function fetchGenesets(db: ReadOnlyDb, q: { genesetIds?: readonly string[]; limit?: number; offset?: number } = {}): Promise<GenesetRow[]> {
  const where = q.genesetIds === undefined ? sql`TRUE` : sql`g.geneset_id IN (SELECT unnest(${q.genesetIds}::VARCHAR[]))`;
  return db.all<GenesetRow>(sql`SELECT ${GENESET_COLUMNS} FROM geneset g WHERE ${where}
    ORDER BY g.geneset_id LIMIT ${q.limit ?? 2147483647} OFFSET ${q.offset ?? 0}`);
}

export async function countGenesets(db: ReadOnlyDb): Promise<number> {
  return (await db.one<{ n: number }>(sql`SELECT count(*)::INTEGER AS n FROM geneset`))?.n ?? 0;
}

export async function requireGeneset(db: ReadOnlyDb, genesetId: string): Promise<GenesetRow> {
  const row = await db.one<GenesetRow>(sql`SELECT ${GENESET_COLUMNS} FROM geneset g WHERE g.geneset_id = ${genesetId}`);
  if (!row) throw NotFound.geneset(genesetId);
  return row;
}

/** The gene-set (MSigDB) version recorded by `genesets import`, if any. */
export async function fetchGenesetVersion(db: ReadOnlyDb): Promise<string | undefined> {
  return (await db.one<{ value: string }>(sql`SELECT value FROM info WHERE key = 'geneset_version'`))?.value ?? undefined;
}

/**
 * The samples of a gene-set request: ids (looked up in the profile's study, answered by sampleId)
 * or, when none are named, every sample profiled in the profile (answered in import order).
 */
export type GenesetSamples = { kind: 'ids'; sampleIds: readonly string[] } | { kind: 'profiled' };

/** A non-blank sampleListId wins (its member ids; unknown list → 404), then sampleIds, then all. */
export async function genesetSamplesOf(db: ReadOnlyDb, sampleListId: string | undefined, sampleIds: readonly string[] | undefined): Promise<GenesetSamples> {
  if (sampleListId !== undefined && sampleListId.trim() !== '') {
    const listKey = await requireSampleListKey(db, sampleListId);
    const rows = await db.all<{ sample_id: string }>(sql`SELECT s.sample_id FROM sample_list_member m JOIN sample s USING (sample_key) WHERE m.list_key = ${listKey}`);
    return { kind: 'ids', sampleIds: rows.map((r) => r.sample_id) };
  }
  return sampleIds === undefined ? { kind: 'profiled' } : { kind: 'ids', sampleIds };
}

/**
 * One item per (selected profiled sample, gene set of the profile): samples in the order of
 * `GenesetSamples`, then gene sets in the profile's load order (v.rowid). Values are not filtered.
 */
export async function fetchGenesetData(
  db: ReadOnlyDb, profile: Pick<ProfileRow, 'profile_key' | 'study_key'>, samples: GenesetSamples, genesetIds?: readonly string[],
): Promise<GenesetDataRow[]> {
  const sampleFilter: Fragment = samples.kind === 'ids'
    ? sql`AND sa.study_key = ${profile.study_key} AND sa.sample_id IN (SELECT unnest(${samples.sampleIds}::VARCHAR[]))`
    : sql``;
  const genesetFilter = genesetIds === undefined ? sql`` : sql`AND g.geneset_id IN (SELECT unnest(${genesetIds}::VARCHAR[]))`;
  const order = samples.kind === 'ids' ? sql`sa.sample_id, v.rowid` : sql`sa.sample_key, v.rowid`;
  const rows = await db.all<GenesetDataRow>(sql`
    SELECT unique_key(sa.sample_id, st.study_id) AS unique_sample_key, unique_key(pa.patient_id, st.study_id) AS unique_patient_key,
      p.stable_id AS genetic_profile_id, sa.sample_id, pa.patient_id, st.study_id, g.geneset_id, g.geneset_id AS stable_id, v.value
    FROM geneset_value v
      JOIN geneset g ON g.geneset_key = v.geneset_key
      JOIN sample sa ON sa.sample_key = v.sample_key
      JOIN patient pa ON pa.patient_key = sa.patient_key
      JOIN cancer_study st ON st.study_key = v.study_key
      JOIN molecular_profile p ON p.profile_key = v.profile_key
    WHERE v.profile_key = ${profile.profile_key} ${sampleFilter} ${genesetFilter}
    ORDER BY ${order}`);
  for (const row of rows) row.value = normaliseCellText(row.value);
  return rows;
}

/** Profiles whose source_stable_id names this profile (cBioPortal's "profiles referring to"). */
export async function fetchProfilesReferringTo(db: ReadOnlyDb, molecularProfileId: string): Promise<ProfileRow[]> {
  return db.all<ProfileRow>(sql`SELECT p.profile_key, p.study_key, s.study_id, p.stable_id, p.genetic_alteration_type, p.datatype
    FROM molecular_profile p JOIN cancer_study s USING (study_key) WHERE p.source_stable_id = ${molecularProfileId} ORDER BY p.profile_key`);
}

/** The profile this one names as source_stable_id (cBioPortal's "profiles referred by"). */
export async function fetchProfilesReferredBy(db: ReadOnlyDb, molecularProfileId: string): Promise<ProfileRow[]> {
  return db.all<ProfileRow>(sql`SELECT p.profile_key, p.study_key, s.study_id, p.stable_id, p.genetic_alteration_type, p.datatype
    FROM molecular_profile p JOIN cancer_study s USING (study_key)
    WHERE p.stable_id = (SELECT source_stable_id FROM molecular_profile WHERE stable_id = ${molecularProfileId})`);
}
