// The study record from meta_study (study-format 6) and its optional tags file.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import type { Db } from '../../engine/sql/db.js';
import { sql } from '../../engine/sql/sql.js';
import { LoadError } from '../errors.js';
import type { MetaFile } from '../study-dir.js';

const STUDY_ID = /^[a-z0-9_]+$/;
const GENOMES = new Set(['hg19', 'hg38', 'mm10']);

export interface StudyRecord {
  studyId: string;
  typeOfCancerId: string;
  referenceGenome: string;
  addGlobalCaseList: boolean;
}

export function parseStudyMeta(meta: MetaFile): StudyRecord {
  const v = meta.values;
  const studyId = v.get('cancer_study_identifier') ?? '';
  if (!STUDY_ID.test(studyId) || studyId.length > 255)
    throw new LoadError({ file: meta.path, line: meta.lineOf.get('cancer_study_identifier') }, `invalid study id '${studyId}' (lower-case letters, digits and _ only)`);
  const referenceGenome = v.get('reference_genome') || 'hg19';
  if (!GENOMES.has(referenceGenome))
    throw new LoadError({ file: meta.path, line: meta.lineOf.get('reference_genome') }, `unknown reference_genome '${referenceGenome}' (hg19, hg38 or mm10)`);
  const pmid = v.get('pmid');
  if (pmid && !/^\d+(,\d+)*$/.test(pmid))
    throw new LoadError({ file: meta.path, line: meta.lineOf.get('pmid') }, `pmid must be comma-separated integers: '${pmid}'`);
  return {
    studyId,
    typeOfCancerId: (v.get('type_of_cancer') ?? '').toLowerCase(),
    referenceGenome,
    addGlobalCaseList: v.get('add_global_case_list')?.toLowerCase() === 'true',
  };
}

export async function insertStudy(db: Db, meta: MetaFile, studyKey: number, study: StudyRecord): Promise<void> {
  const v = meta.values;
  const known = await db.one(sql`SELECT 1 FROM type_of_cancer WHERE type_of_cancer_id = ${study.typeOfCancerId}`);
  if (!known)
    throw new LoadError({ file: meta.path, line: meta.lineOf.get('type_of_cancer') }, `unknown cancer type '${study.typeOfCancerId}' (import the gene reference first, or define it in a cancer type file)`);
  const groups = [...new Set((v.get('groups') ?? '').split(';').map((g) => g.trim().toUpperCase()).filter(Boolean))].join(';');
  const access = v.get('study_access')?.toLowerCase();
  await db.run(sql`
    INSERT INTO cancer_study VALUES (${studyKey}, ${study.studyId}, ${study.typeOfCancerId}, ${v.get('name') ?? ''},
      ${v.get('description') ?? null}, ${access !== 'private'}, ${v.get('pmid') || null}, ${v.get('citation') || null},
      ${groups}, 0, current_localtimestamp()::TIMESTAMP(0), ${study.referenceGenome}, ${readTags(meta)})`);
}

/** The tags file (YAML or JSON; JSON is YAML) as a JSON string. */
function readTags(meta: MetaFile): string | null {
  const name = meta.values.get('tags_file');
  if (!name) return null;
  const path = join(meta.dir, name);
  try {
    return JSON.stringify(parseYaml(readFileSync(path, 'utf8')));
  } catch (error) {
    throw new LoadError({ file: path }, `tags file is not valid YAML or JSON: ${(error as Error).message}`);
  }
}
