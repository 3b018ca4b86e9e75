// Clinical sample and patient files (study-format 8): create samples and patients, store the
// attribute definitions and every non-NA value as text.
import { sql } from '../../engine/sql/sql.js';
import { CoercedValues } from '../coerced-values.js';
import { NORMAL_SAMPLE_ROWS, type StudyContext } from '../context.js';
import { LoadError } from '../errors.js';
import { isNormalSampleType, isTcgaNormal, normalisePatientId, normaliseSampleId, sampleTypeOf } from '../ids.js';
import { dataFilePath, type MetaFile } from '../study-dir.js';
import { TsvFile } from '../text/tsv.js';
import { isClinicalNa, isClinicalNumber, isFiniteClinicalNumber, parseClinicalHeader, withSurvivalPrefix, type ClinicalColumn } from './clinical-header.js';
import type { FormatLoader } from './format-loader.js';

const BANNED = new Set(['MUTATION_COUNT', 'FRACTION_GENOME_ALTERED']);
/** Computed sample attributes that an incremental sample file does not replace. */
const COMPUTED = ['MUTATION_COUNT', 'FRACTION_GENOME_ALTERED'];

interface ParsedFile {
  path: string;
  tsv: TsvFile;
  columns: ClinicalColumn[];
  idColumn: (name: string) => number;
  coerced: CoercedValues;
}

async function openClinicalFile(meta: MetaFile): Promise<ParsedFile> {
  const path = dataFilePath(meta);
  const tsv = new TsvFile(path);
  const header = await tsv.readHeader();
  const columns = parseClinicalHeader(path, header);
  for (const c of columns) {
    if (BANNED.has(c.attrId)) throw new LoadError({ file: path, line: header.lineNo, column: c.attrId }, `${c.attrId} is computed by the loader and may not be given`);
  }
  return { path, tsv, columns, idColumn: (name) => columns.findIndex((c) => c.attrId === name), coerced: new CoercedValues() };
}

/**
 * Checks a value against its column's datatype; returns the text to store or undefined for NA.
 * A NUMBER value that is not finite as a double (nan, inf, 1e400) passes the validator's Python
 * float() test, but no JSON number can carry it and the Study View reads these values as doubles:
 * it is not stored, as an NA value is not, and the load summary says so.
 */
function clinicalValue(file: ParsedFile, column: ClinicalColumn, raw: string, lineNo: number): string | undefined {
  if (isClinicalNa(raw)) return undefined;
  if (column.datatype.toUpperCase() === 'NUMBER') {
    if (!isClinicalNumber(raw))
      throw new LoadError({ file: file.path, line: lineNo, column: column.attrId }, `value '${raw}' is not a number (datatype NUMBER)`);
    if (!isFiniteClinicalNumber(raw)) {
      file.coerced.add(column.attrId, 'not a finite number (datatype NUMBER): not stored', lineNo, raw);
      return undefined;
    }
  }
  return withSurvivalPrefix(column.attrId, raw);
}

/** Attribute definitions: new ones are stored; the same id at the other level is an error. */
async function storeAttributeMeta(ctx: StudyContext, file: ParsedFile, patientLevel: boolean, skip: Set<string>): Promise<void> {
  const existing = await ctx.db.all<{ attr_id: string; patient_attribute: boolean }>(
    sql`SELECT attr_id, patient_attribute FROM clinical_attribute_meta WHERE study_key = ${ctx.study.key}`,
  );
  const known = new Map(existing.map((r) => [r.attr_id, r.patient_attribute]));
  const writer = await ctx.writer('clinical_attribute_meta');
  try {
    for (const c of file.columns) {
      if (skip.has(c.attrId)) continue;
      const level = known.get(c.attrId);
      if (level !== undefined && level !== patientLevel)
        throw new LoadError({ file: file.path, column: c.attrId }, `attribute ${c.attrId} is defined in both the sample and the patient file`);
      if (level !== undefined) continue;
      writer.add({
        study_key: ctx.study.key, attr_id: c.attrId, display_name: c.displayName, description: c.description,
        datatype: c.datatype, patient_attribute: patientLevel, priority: c.priority,
      });
    }
    await writer.finish();
  } finally {
    writer.discard();
  }
}

/** Rows of patients and samples created by a file, appended in one go at its end. */
interface NewRows {
  patients: { patient_key: number; study_key: number; patient_id: string }[];
  samples: { sample_key: number; study_key: number; patient_key: number; sample_id: string; sample_type: string }[];
}

async function createPatient(ctx: StudyContext, created: NewRows, patientId: string): Promise<number> {
  const known = ctx.patients.get(patientId);
  if (known !== undefined) return known;
  const patientKey = await ctx.nextKey('patient', 'patient_key');
  created.patients.push({ patient_key: patientKey, study_key: ctx.study.key, patient_id: patientId });
  ctx.patients.set(patientId, patientKey);
  return patientKey;
}

async function writeNewRows(ctx: StudyContext, created: NewRows): Promise<void> {
  for (const [table, rows] of [['patient', created.patients], ['sample', created.samples]] as const) {
    const writer = await ctx.writer(table);
    try {
      for (const row of rows) writer.add(row);
      await writer.finish();
    } finally {
      writer.discard();
    }
  }
}

export async function loadClinicalSamples(ctx: StudyContext, meta: MetaFile): Promise<void> {
  const file = await openClinicalFile(meta);
  const sampleCol = file.idColumn('SAMPLE_ID');
  const patientCol = file.idColumn('PATIENT_ID');
  const typeCol = file.idColumn('SAMPLE_TYPE');
  if (sampleCol < 0 || patientCol < 0) throw new LoadError({ file: file.path }, 'the sample file needs SAMPLE_ID and PATIENT_ID columns');
  await storeAttributeMeta(ctx, file, false, new Set(['SAMPLE_ID', 'PATIENT_ID']));
  const seen = new Set<string>();
  const values = await ctx.writer('clinical_sample');
  const created: NewRows = { patients: [], samples: [] };
  try {
    for await (const batch of file.tsv.rowBatches()) {
      for (const { cells, lineNo } of batch) {
        const rawId = cells[sampleCol];
        if (!rawId) throw new LoadError({ file: file.path, line: lineNo, column: 'SAMPLE_ID' }, 'empty SAMPLE_ID');
        ctx.sampleFileIds.push(rawId);
        if (/\s/.test(rawId)) throw new LoadError({ file: file.path, line: lineNo, column: 'SAMPLE_ID' }, `whitespace in sample id '${rawId}'`);
        const sampleId = normaliseSampleId(rawId);
        const patientId = patientOfSample(file.path, lineNo, sampleId, cells[patientCol]);
        const patientKey = await createPatient(ctx, created, patientId);
        const sampleType = sampleTypeOf(sampleId, typeCol >= 0 ? cells[typeCol] : undefined);
        if (isTcgaNormal(sampleId) || isNormalSampleType(sampleType)) {
          ctx.warnings.filter({ file: file.path, line: lineNo }, NORMAL_SAMPLE_ROWS, 1); // normals are not created
          continue;
        }
        if (seen.has(sampleId)) {
          if (!sampleId.startsWith('TCGA')) throw new LoadError({ file: file.path, line: lineNo, column: 'SAMPLE_ID' }, `sample '${rawId}' is listed twice`);
          ctx.warn({ file: file.path, line: lineNo }, 'TCGA sample listed twice; the first row is kept');
          continue;
        }
        seen.add(sampleId);
        const sampleKey = await upsertSample(ctx, created, file.path, lineNo, sampleId, patientKey, sampleType);
        for (let i = 0; i < file.columns.length; i++) {
          if (i === sampleCol || i === patientCol) continue;
          const value = clinicalValue(file, file.columns[i], cells[i], lineNo);
          if (value !== undefined) values.add({ study_key: ctx.study.key, sample_key: sampleKey, attr_id: file.columns[i].attrId, attr_value: value });
        }
      }
    }
    await values.finish();
  } finally {
    values.discard();
  }
  await writeNewRows(ctx, created);
  file.coerced.report(ctx, file.path);
  if (seen.size === 0) throw new LoadError({ file: file.path }, 'the sample file defines no sample');
}

/** A TCGA sample's patient is its barcode's first three parts; PATIENT_ID must agree. */
function patientOfSample(path: string, lineNo: number, sampleId: string, rawPatient: string): string {
  if (sampleId.startsWith('TCGA')) {
    const derived = normalisePatientId(sampleId);
    if (rawPatient && normalisePatientId(rawPatient) !== derived)
      throw new LoadError({ file: path, line: lineNo, column: 'PATIENT_ID' }, `PATIENT_ID '${rawPatient}' does not match the TCGA barcode of sample '${sampleId}'`);
    return derived;
  }
  if (!rawPatient) throw new LoadError({ file: path, line: lineNo, column: 'PATIENT_ID' }, 'empty PATIENT_ID');
  return rawPatient;
}

async function upsertSample(ctx: StudyContext, created: NewRows, path: string, lineNo: number, sampleId: string, patientKey: number, sampleType: string): Promise<number> {
  const existing = ctx.samples.get(sampleId);
  if (existing) {
    if (existing.patientKey !== patientKey) throw new LoadError({ file: path, line: lineNo }, `sample '${sampleId}' belongs to another patient already`);
    // Incremental load: the sample's attributes are replaced, computed ones kept.
    await ctx.db.run(sql`DELETE FROM clinical_sample WHERE sample_key = ${existing.sampleKey} AND attr_id NOT IN (${COMPUTED[0]}, ${COMPUTED[1]})`);
    await ctx.db.run(sql`UPDATE sample SET sample_type = ${sampleType} WHERE sample_key = ${existing.sampleKey}`);
    return existing.sampleKey;
  }
  const sampleKey = await ctx.nextKey('sample', 'sample_key');
  created.samples.push({ sample_key: sampleKey, study_key: ctx.study.key, patient_key: patientKey, sample_id: sampleId, sample_type: sampleType });
  ctx.samples.set(sampleId, { sampleKey, patientKey });
  return sampleKey;
}

export const loadClinicalPatients: FormatLoader = async (ctx, meta) => {
  const file = await openClinicalFile(meta);
  const patientCol = file.idColumn('PATIENT_ID');
  if (patientCol < 0) throw new LoadError({ file: file.path }, 'the patient file needs a PATIENT_ID column');
  if (file.idColumn('SAMPLE_ID') >= 0) throw new LoadError({ file: file.path, column: 'SAMPLE_ID' }, 'the patient file may not have a SAMPLE_ID column');
  await storeAttributeMeta(ctx, file, true, new Set(['PATIENT_ID']));
  const seen = new Set<string>();
  const values = await ctx.writer('clinical_patient');
  const created: NewRows = { patients: [], samples: [] };
  try {
    for await (const batch of file.tsv.rowBatches()) {
      for (const { cells, lineNo } of batch) {
        const rawId = cells[patientCol];
        if (!rawId) throw new LoadError({ file: file.path, line: lineNo, column: 'PATIENT_ID' }, 'empty PATIENT_ID');
        const patientId = normalisePatientId(rawId);
        if (seen.has(patientId)) throw new LoadError({ file: file.path, line: lineNo, column: 'PATIENT_ID' }, `patient '${rawId}' is listed twice`);
        seen.add(patientId);
        let patientKey = ctx.patients.get(patientId);
        if (patientKey === undefined) {
          ctx.warn({ file: file.path, line: lineNo }, 'clinical data for a patient with no samples');
          patientKey = await createPatient(ctx, created, patientId);
        } else if (ctx.incremental) {
          await ctx.db.run(sql`DELETE FROM clinical_patient WHERE patient_key = ${patientKey}`);
        }
        for (let i = 0; i < file.columns.length; i++) {
          if (i === patientCol) continue;
          const value = clinicalValue(file, file.columns[i], cells[i], lineNo);
          if (value !== undefined) values.add({ study_key: ctx.study.key, patient_key: patientKey, attr_id: file.columns[i].attrId, attr_value: value });
        }
      }
    }
    await values.finish();
  } finally {
    values.discard();
  }
  await writeNewRows(ctx, created);
  file.coerced.report(ctx, file.path);
  if (values.rowCount === 0) throw new LoadError({ file: file.path }, 'No data was added: the patient file stores no value');
  const withoutRow = [...ctx.patients.keys()].filter((id) => !seen.has(id)).length;
  if (withoutRow > 0 && !ctx.incremental) ctx.warn({ file: file.path }, `${withoutRow} patient(s) with samples have no row in the patient file`);
};
