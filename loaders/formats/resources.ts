// Resources (study-format 20): the definition file and the sample, patient and study resource
// files, as ImportResourceDefinition / ImportResourceData store them (exact header names, ids
// TCGA-normalised, NA-like id or URL skipped, a duplicated (owner, id, URL) row aborts).
import { sql } from '../../engine/sql/sql.js';
import { NORMAL_SAMPLE_ROWS, type StudyContext } from '../context.js';
import { LoadError, type Location } from '../errors.js';
import { isTcgaNormal, isNormalSampleType, normalisePatientId, normaliseSampleId, sampleTypeOf } from '../ids.js';
import { dataFilePath, type MetaFile } from '../study-dir.js';
import { TsvFile } from '../text/tsv.js';
import { isClinicalNa } from './clinical-header.js';
import type { FormatLoader } from './format-loader.js';

type ResourceType = 'SAMPLE' | 'PATIENT' | 'STUDY';
const RESOURCE_TYPES: ReadonlySet<string> = new Set<ResourceType>(['SAMPLE', 'PATIENT', 'STUDY']);

export const loadResources: FormatLoader = async (ctx, meta) => {
  switch (meta.kind) {
    case 'resource-definition':
      return loadDefinitions(ctx, meta);
    case 'resource-sample':
      return loadResourceData(ctx, meta, 'SAMPLE');
    case 'resource-patient':
      return loadResourceData(ctx, meta, 'PATIENT');
    case 'resource-study':
      return loadResourceData(ctx, meta, 'STUDY');
    default:
      throw new LoadError({ file: meta.path }, `not a resource meta file (${meta.kind})`);
  }
};

export interface ResourceDefinitionRow {
  resource_id: string;
  display_name: string;
  description: string;
  resource_type: ResourceType;
  open_by_default: boolean;
  priority: number;
  custom_metadata: string | null;
}

/** One definition row; `warn` receives the importer's non-fatal complaints. */
export function parseDefinition(cell: (name: string) => string | undefined, at: Location, warn: (message: string) => void): ResourceDefinitionRow {
  const id = (cell('RESOURCE_ID') ?? '').toUpperCase();
  if (isClinicalNa(id)) throw new LoadError({ ...at, column: 'RESOURCE_ID' }, 'missing RESOURCE_ID');
  const displayName = cell('DISPLAY_NAME') ?? '';
  if (isClinicalNa(displayName)) throw new LoadError({ ...at, column: 'DISPLAY_NAME' }, 'missing DISPLAY_NAME');
  const type = cell('RESOURCE_TYPE') ?? '';
  if (!RESOURCE_TYPES.has(type)) throw new LoadError({ ...at, column: 'RESOURCE_TYPE' }, `RESOURCE_TYPE must be SAMPLE, PATIENT or STUDY, found '${type}'`);
  const description = cell('DESCRIPTION');
  const open = cell('OPEN_BY_DEFAULT');
  if (open !== undefined && !/^(true|false)$/i.test(open)) warn('OPEN_BY_DEFAULT is not true or false; false is stored');
  const priorityText = cell('PRIORITY');
  if (priorityText !== undefined && !/^[+-]?\d+$/.test(priorityText)) throw new LoadError({ ...at, column: 'PRIORITY' }, `PRIORITY '${priorityText}' is not an integer`);
  const custom = cell('CUSTOM_METADATA');
  return {
    resource_id: id,
    display_name: displayName,
    description: description !== undefined && !isClinicalNa(description) ? description : '',
    resource_type: type as ResourceType,
    open_by_default: open?.toLowerCase() === 'true',
    priority: priorityText === undefined ? 1 : Number(priorityText),
    custom_metadata: custom !== undefined && !isClinicalNa(custom) ? custom : null,
  };
}

async function loadDefinitions(ctx: StudyContext, meta: MetaFile): Promise<void> {
  const path = dataFilePath(meta);
  const tsv = new TsvFile(path, { skipCommentRows: true });
  const { columns, lineNo: headerLine } = await tsv.readHeader();
  for (const required of ['RESOURCE_ID', 'DISPLAY_NAME', 'RESOURCE_TYPE'])
    if (!columns.includes(required)) throw new LoadError({ file: path, line: headerLine }, `missing column ${required}`);
  const seen = new Set((await ctx.db.all<{ resource_id: string }>(sql`SELECT resource_id FROM resource_definition WHERE study_key = ${ctx.study.key}`)).map((r) => r.resource_id));
  const writer = await ctx.writer('resource_definition');
  try {
    for await (const { cells, lineNo } of tsv.rows()) {
      const at = { file: path, line: lineNo };
      const cell = (name: string) => { const i = columns.indexOf(name); return i < 0 ? undefined : cells[i]; };
      const row = parseDefinition(cell, at, (message) => ctx.warn(at, message));
      if (seen.has(row.resource_id)) {
        ctx.warn(at, `resource ${row.resource_id} is defined twice; the first definition is kept`);
        continue;
      }
      seen.add(row.resource_id);
      writer.add({ study_key: ctx.study.key, ...row });
    }
    await writer.finish();
  } finally {
    writer.discard();
  }
}

async function loadResourceData(ctx: StudyContext, meta: MetaFile, type: ResourceType): Promise<void> {
  const path = dataFilePath(meta);
  const tsv = new TsvFile(path, { skipCommentRows: true });
  const { columns, lineNo: headerLine } = await tsv.readHeader();
  const required = type === 'SAMPLE' ? ['PATIENT_ID', 'SAMPLE_ID'] : type === 'PATIENT' ? ['PATIENT_ID'] : [];
  for (const name of [...required, 'RESOURCE_ID', 'URL'])
    if (!columns.includes(name)) throw new LoadError({ file: path, line: headerLine }, `missing column ${name}`);
  const col = (name: string) => columns.indexOf(name);
  const defined = new Set(
    (await ctx.db.all<{ resource_id: string }>(sql`SELECT resource_id FROM resource_definition WHERE study_key = ${ctx.study.key} AND resource_type = ${type}`)).map((r) => r.resource_id),
  );
  const stored = new Set<string>();
  const writer = await ctx.writer('resource_data');
  try {
    for await (const { cells, lineNo } of tsv.rows()) {
      const at = { file: path, line: lineNo };
      const owner = type === 'STUDY' ? { patientKey: null, sampleKey: null } : await ownerOf(ctx, type, cells, col, at);
      if (!owner) continue;
      const resourceId = cells[col('RESOURCE_ID')];
      const url = cells[col('URL')];
      if (isClinicalNa(resourceId) || isClinicalNa(url)) {
        ctx.warnings.filter(at, 'rows with RESOURCE_ID or URL NA left out', 1);
        continue;
      }
      if (!defined.has(resourceId))
        throw new LoadError({ ...at, column: 'RESOURCE_ID' }, `resource ${resourceId} has no ${type} definition in the resource definition file (ids are case-sensitive here)`);
      const key = JSON.stringify([owner.sampleKey ?? owner.patientKey, resourceId, url]);
      if (stored.has(key)) throw new LoadError(at, `duplicated ${type.toLowerCase()} resource ${resourceId} ${url}`);
      stored.add(key);
      writer.add({ study_key: ctx.study.key, resource_type: type, patient_key: owner.patientKey, sample_key: owner.sampleKey, resource_id: resourceId, url });
    }
    await writer.finish();
  } finally {
    writer.discard();
  }
}

interface Owner {
  patientKey: number | null;
  sampleKey: number | null;
}

/**
 * The patient (and sample) a row belongs to. As upstream, an unknown patient or sample is created
 * (with a warning); an empty id or a normal sample gives no owner and the row is left out.
 */
async function ownerOf(ctx: StudyContext, type: 'SAMPLE' | 'PATIENT', cells: string[], col: (name: string) => number, at: Location): Promise<Owner | undefined> {
  const patientId = normalisePatientId(cells[col('PATIENT_ID')]);
  if (patientId === '') return leftOut(ctx, at, 'rows with no PATIENT_ID left out');
  let patientKey = ctx.patients.get(patientId);
  if (patientKey === undefined) {
    ctx.warn(at, `patient ${patientId} is not in the clinical files; created`);
    patientKey = await ctx.nextKey('patient', 'patient_key');
    await ctx.db.run(sql`INSERT INTO patient VALUES (${patientKey}, ${ctx.study.key}, ${patientId})`);
    ctx.patients.set(patientId, patientKey);
  }
  if (type === 'PATIENT') return { patientKey, sampleKey: null };
  const sampleId = normaliseSampleId(cells[col('SAMPLE_ID')]);
  if (sampleId === '') return leftOut(ctx, at, 'rows with no SAMPLE_ID left out');
  let sample = ctx.samples.get(sampleId);
  if (!sample) {
    const typeCol = col('SAMPLE_TYPE');
    const sampleType = sampleTypeOf(sampleId, typeCol >= 0 ? cells[typeCol] : undefined);
    if (isTcgaNormal(sampleId) || isNormalSampleType(sampleType)) return leftOut(ctx, at, NORMAL_SAMPLE_ROWS);
    ctx.warn(at, `sample ${sampleId} is not in the clinical sample file; created`);
    sample = { sampleKey: await ctx.nextKey('sample', 'sample_key'), patientKey };
    await ctx.db.run(sql`INSERT INTO sample VALUES (${sample.sampleKey}, ${ctx.study.key}, ${patientKey}, ${sampleId}, ${sampleType})`);
    ctx.samples.set(sampleId, sample);
  }
  if (sample.patientKey !== patientKey) throw new LoadError({ ...at, column: 'PATIENT_ID' }, `sample ${sampleId} belongs to another patient than ${patientId}`);
  return { patientKey, sampleKey: sample.sampleKey };
}

/** A row dropped by design: counted in the file summary. */
function leftOut(ctx: StudyContext, at: Location, reason: string): undefined {
  ctx.warnings.filter(at, reason, 1);
  return undefined;
}
