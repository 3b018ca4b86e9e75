// Case list files (study-format 21): named sample lists, and the generated <studyId>_all list.
import { sql } from '../../engine/sql/sql.js';
import type { StudyContext } from '../context.js';
import { LoadError } from '../errors.js';
import { normaliseSampleId } from '../ids.js';
import { parseKeyValueFile, requireKey } from '../text/key-value-file.js';

export const CATEGORIES = new Set([
  'all_cases_in_study', 'all_cases_with_mutation_data', 'all_cases_with_cna_data', 'all_cases_with_log2_cna_data',
  'all_cases_with_methylation_data', 'all_cases_with_mrna_array_data', 'all_cases_with_mrna_rnaseq_data',
  'all_cases_with_rppa_data', 'all_cases_with_microrna_data', 'all_cases_with_mutation_and_cna_data',
  'all_cases_with_mutation_and_cna_and_mrna_data', 'all_cases_with_gsva_data', 'all_cases_with_sv_data', 'other',
]);

interface CaseList {
  path: string;
  stableId: string;
  name: string;
  description: string;
  category: string;
  sampleKeys: number[];
}

/** Reads one case list file; ids are TCGA-normalised, a patient id pulls in its samples. */
export function parseCaseList(ctx: StudyContext, path: string): CaseList {
  const file = parseKeyValueFile(path);
  const stableId = requireKey(file, 'stable_id');
  const studyId = requireKey(file, 'cancer_study_identifier');
  if (studyId !== ctx.study.id) throw new LoadError({ file: path, line: file.lineOf.get('cancer_study_identifier') }, `cancer_study_identifier '${studyId}' differs from the study '${ctx.study.id}'`);
  if (!stableId.startsWith(`${ctx.study.id}_`)) throw new LoadError({ file: path, line: file.lineOf.get('stable_id') }, `stable_id '${stableId}' must start with '${ctx.study.id}_'`);
  const category = file.values.get('case_list_category') || 'other';
  if (!CATEGORIES.has(category)) throw new LoadError({ file: path, line: file.lineOf.get('case_list_category') }, `invalid case_list_category '${category}'`);
  const ids = requireKey(file, 'case_list_ids').split('\t').map((s) => s.trim()).filter(Boolean);
  const line = file.lineOf.get('case_list_ids');
  const keys = new Set<number>();
  let unknown = 0;
  for (const id of ids) {
    const sample = ctx.samples.get(normaliseSampleId(id));
    if (sample) keys.add(sample.sampleKey);
    else {
      const patientKey = ctx.patients.get(id);
      if (patientKey !== undefined) ctx.samplesOfPatient(patientKey).forEach((k) => keys.add(k));
      else unknown++;
    }
  }
  if (unknown > 0) ctx.warn({ file: path, line }, `${unknown} id(s) are not samples of the study and were skipped`);
  if (keys.size < ids.length - unknown) ctx.warn({ file: path, line }, 'duplicated ids were merged');
  return {
    path, stableId, category, sampleKeys: [...keys],
    name: requireKey(file, 'case_list_name'),
    description: requireKey(file, 'case_list_description'),
  };
}

export async function loadCaseLists(ctx: StudyContext, paths: readonly string[]): Promise<void> {
  const seen = new Set<string>();
  for (const path of paths) {
    const list = parseCaseList(ctx, path);
    if (seen.has(list.stableId)) throw new LoadError({ file: path }, `case list '${list.stableId}' is defined twice`);
    seen.add(list.stableId);
    await insertList(ctx, list);
  }
}

async function insertList(ctx: StudyContext, list: Omit<CaseList, 'path'>): Promise<void> {
  const listKey = await ctx.nextKey('sample_list', 'list_key');
  await ctx.db.run(sql`INSERT INTO sample_list VALUES (${listKey}, ${ctx.study.key}, ${list.stableId}, ${list.category}, ${list.name}, ${list.description})`);
  const members = await ctx.writer('sample_list_member');
  try {
    for (const sampleKey of list.sampleKeys) members.add({ study_key: ctx.study.key, list_key: listKey, sample_key: sampleKey });
    await members.finish();
  } finally {
    members.discard();
  }
}

/** `add_global_case_list: true` creates <studyId>_all unless the folder defines it. */
export async function addGlobalCaseList(ctx: StudyContext): Promise<void> {
  const stableId = `${ctx.study.id}_all`;
  if (await ctx.db.one(sql`SELECT 1 FROM sample_list WHERE study_key = ${ctx.study.key} AND stable_id = ${stableId}`)) return;
  const sampleKeys = [...ctx.samples.values()].map((s) => s.sampleKey).sort((a, b) => a - b);
  // Upstream uses category 'other'; all_cases_in_study is the documented, sensible value.
  await insertList(ctx, { stableId, category: 'all_cases_in_study', name: 'All cases in study', description: 'All cases in study', sampleKeys });
}

/**
 * Incremental case lists (study-format 24): samples of the incremental sample file go into
 * _all and into each list named by the directory's case-list files, and leave every other list.
 */
export async function extendCaseLists(ctx: StudyContext, paths: readonly string[], rawSampleIds: readonly string[]): Promise<void> {
  const named = new Set<string>([`${ctx.study.id}_all`]);
  const add = async (stableId: string, sampleKeys: number[], path?: string) => {
    const row = await ctx.db.one<{ list_key: number }>(sql`SELECT list_key FROM sample_list WHERE study_key = ${ctx.study.key} AND stable_id = ${stableId}`);
    if (!row) throw new LoadError({ file: path ?? stableId }, `case list '${stableId}' does not exist in the study`);
    await ctx.db.run(sql`INSERT INTO sample_list_member SELECT ${ctx.study.key}, ${row.list_key}, k FROM unnest(${sampleKeys}::INTEGER[]) AS t(k)
      WHERE k NOT IN (SELECT sample_key FROM sample_list_member WHERE list_key = ${row.list_key})`);
  };
  // Raw ids, not TCGA-normalised (reference behaviour): TCGA-BH-NEW does not match TCGA-BH-NEW-01.
  const fileKeys = rawSampleIds.map((id) => ctx.samples.get(id)?.sampleKey).filter((k): k is number => k !== undefined);
  for (const path of paths) {
    const list = parseCaseList(ctx, path);
    named.add(list.stableId);
    await add(list.stableId, list.sampleKeys, path);
  }
  await add(`${ctx.study.id}_all`, fileKeys);
  const allKeys = rawSampleIds.map((id) => ctx.samples.get(normaliseSampleId(id))?.sampleKey).filter((k): k is number => k !== undefined);
  await ctx.db.run(sql`DELETE FROM sample_list_member WHERE study_key = ${ctx.study.key} AND sample_key IN (SELECT unnest(${allKeys}::INTEGER[]))
    AND list_key IN (SELECT list_key FROM sample_list WHERE study_key = ${ctx.study.key} AND stable_id NOT IN (SELECT unnest(${[...named]}::VARCHAR[])))`);
}
