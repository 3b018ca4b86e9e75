// Resolving the ids a request names to store keys, with cBioPortal's 404s (api.md 1.8, 1.9).
import { NotFound } from '../errors.js';
import type { ReadOnlyDb } from '../sql/db.js';
import { sql, type Fragment } from '../sql/sql.js';

/**
 * `column IN (the keys of these studies)`; undefined ids = no restriction. A listing shows a
 * caller of a login-required instance only the studies it may read.
 */
export function inStudies(column: Fragment, studyIds: readonly string[] | undefined): Fragment {
  if (studyIds === undefined) return sql`TRUE`;
  return sql`${column} IN (SELECT study_key FROM cancer_study WHERE study_id IN (SELECT unnest(${studyIds}::VARCHAR[])))`;
}

export async function requireStudyKey(db: ReadOnlyDb, studyId: string): Promise<number> {
  const row = await db.one<{ study_key: number }>(sql`SELECT study_key FROM cancer_study WHERE study_id = ${studyId}`);
  if (!row) throw NotFound.study(studyId);
  return row.study_key;
}

export async function requirePatientKey(db: ReadOnlyDb, studyId: string, patientId: string): Promise<number> {
  const studyKey = await requireStudyKey(db, studyId);
  const row = await db.one<{ patient_key: number }>(sql`SELECT patient_key FROM patient WHERE study_key = ${studyKey} AND patient_id = ${patientId}`);
  if (!row) throw NotFound.patient(studyId, patientId);
  return row.patient_key;
}

export async function requireSampleKey(db: ReadOnlyDb, studyId: string, sampleId: string): Promise<number> {
  const studyKey = await requireStudyKey(db, studyId);
  const row = await db.one<{ sample_key: number }>(sql`SELECT sample_key FROM sample WHERE study_key = ${studyKey} AND sample_id = ${sampleId}`);
  if (!row) throw NotFound.sample(studyId, sampleId);
  return row.sample_key;
}

export interface ProfileRow {
  profile_key: number;
  study_key: number;
  study_id: string;
  stable_id: string;
  genetic_alteration_type: string;
  datatype: string;
}

/**
 * The profile with this id; `types` restricts the accepted genetic_alteration_type values
 * (a profile of another type is "not found" too, as cBioPortal answers).
 */
export async function requireProfile(db: ReadOnlyDb, molecularProfileId: string, types?: readonly string[]): Promise<ProfileRow> {
  const row = await db.one<ProfileRow>(sql`SELECT p.profile_key, p.study_key, s.study_id, p.stable_id, p.genetic_alteration_type, p.datatype
    FROM molecular_profile p JOIN cancer_study s USING (study_key) WHERE p.stable_id = ${molecularProfileId}`);
  if (!row || (types && !types.includes(row.genetic_alteration_type))) throw NotFound.molecularProfile(molecularProfileId);
  return row;
}

export async function requireSampleListKey(db: ReadOnlyDb, sampleListId: string): Promise<number> {
  const row = await db.one<{ list_key: number }>(sql`SELECT list_key FROM sample_list WHERE stable_id = ${sampleListId}`);
  if (!row) throw NotFound.sampleList(sampleListId);
  return row.list_key;
}
