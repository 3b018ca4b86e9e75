// Fills a StudyContext with what the store already holds of a study (incremental loads).
import { sql } from '../../engine/sql/sql.js';
import type { StudyContext } from '../context.js';
import type { MetaFile } from '../study-dir.js';

export async function restoreStudyContext(ctx: StudyContext): Promise<void> {
  const key = ctx.study.key;
  for (const p of await ctx.db.all<{ patient_key: number; patient_id: string }>(sql`SELECT patient_key, patient_id FROM patient WHERE study_key = ${key}`))
    ctx.patients.set(p.patient_id, p.patient_key);
  for (const s of await ctx.db.all<{ sample_key: number; patient_key: number; sample_id: string }>(sql`SELECT sample_key, patient_key, sample_id FROM sample WHERE study_key = ${key}`))
    ctx.samples.set(s.sample_id, { sampleKey: s.sample_key, patientKey: s.patient_key });
  for (const p of await ctx.db.all<{ profile_key: number; stable_id: string; genetic_alteration_type: string; datatype: string; show_profile_in_analysis_tab: boolean }>(
    sql`SELECT profile_key, stable_id, genetic_alteration_type, datatype, show_profile_in_analysis_tab FROM molecular_profile WHERE study_key = ${key}`,
  )) {
    // The stored profile stands in for its meta file: loaders read only these keys of it.
    const values = new Map([
      ['stable_id', p.stable_id], ['genetic_alteration_type', p.genetic_alteration_type], ['datatype', p.datatype],
      ['show_profile_in_analysis_tab', String(p.show_profile_in_analysis_tab)],
    ]);
    const meta: MetaFile = { path: `(stored profile ${p.stable_id})`, values, lineOf: new Map(), kind: 'expression', dir: '' };
    ctx.profiles.set(p.stable_id, { profileKey: p.profile_key, stableId: p.stable_id, meta });
  }
}
