// Generic assay profiles (study-format 17): entity rows × sample (or patient) columns, stored as
// trimmed text. Entities are global and, like the reference importer, an existing entity keeps
// its stored properties; patient-level values are copied to every sample of the patient.
import { sql } from '../../engine/sql/sql.js';
import type { StudyContext } from '../context.js';
import { LoadError, type Location } from '../errors.js';
import { createProfile, metaGenePanel } from '../store/profiles.js';
import type { BulkWriter } from '../store/bulk-writer.js';
import { dataFilePath, type MetaFile } from '../study-dir.js';
import { TsvFile } from '../text/tsv.js';
import type { FormatLoader } from './format-loader.js';

export interface GenericAssayLayout {
  /** Declared properties present in the header, named as the meta file declares them. */
  properties: { name: string; column: number }[];
  /** Declared properties without a column (the importer stores nothing for them). */
  missingProperties: string[];
  /** Every column from here on names a sample (or a patient). */
  firstDataColumn: number;
}

/** Header names the reference importer never takes for a sample column (ImportTabDelimData). */
const FEATURE_COLUMNS = ['gene symbol', 'hugo_symbol', 'entrez_gene_id', 'locus id', 'cytoband', 'composite.element.ref', 'geneset_id', 'entity_stable_id'];

export function declaredProperties(meta: MetaFile): string[] {
  return (meta.values.get('generic_entity_meta_properties') ?? '').split(',').map((p) => p.trim()).filter(Boolean);
}

/**
 * Where the entity properties and the sample columns are. Sample columns start at the first column
 * that is neither a feature nor a declared property; for patient-level files the importer never
 * looks at the first two columns, so a patient column right after ENTITY_STABLE_ID is skipped.
 */
export function parseGenericAssayHeader(at: Location, columns: readonly string[], declared: readonly string[], patientLevel: boolean): GenericAssayLayout {
  if (columns[0]?.toLowerCase() !== 'entity_stable_id')
    throw new LoadError({ ...at, column: columns[0] }, 'the first column of a generic assay file must be ENTITY_STABLE_ID');
  const lower = declared.map((d) => d.toLowerCase());
  const properties: GenericAssayLayout['properties'] = [];
  const missingProperties: string[] = [];
  declared.forEach((name, i) => {
    const column = columns.findIndex((c) => c.toLowerCase() === lower[i]);
    if (column >= 0) properties.push({ name, column });
    else missingProperties.push(name);
  });
  const features = new Set(patientLevel ? ['entity_stable_id', ...lower] : [...FEATURE_COLUMNS, ...lower]);
  const minimum = patientLevel ? 2 : 0;
  const firstDataColumn = columns.findIndex((c, i) => i >= minimum && !features.has(c.toLowerCase()));
  if (firstDataColumn < 0) throw new LoadError(at, `could not find a ${patientLevel ? 'patient' : 'sample'} column in the header`);
  return { properties, missingProperties, firstDataColumn };
}

const NUMBER = /^[<>]?\s*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;
const BINARY = /^(yes|no|true|false)$/;
const ARM_LEVEL = /^(Gain|Loss|Unchanged)$/;

/** The validator's rule for a cell of this datatype (study-format 17.2); NA and blank always pass. */
export function validCell(datatype: string, assayType: string): (value: string) => boolean {
  const pattern = datatype === 'LIMIT-VALUE' ? NUMBER : datatype === 'BINARY' ? BINARY : assayType === 'ARMLEVEL_CNA' ? ARM_LEVEL : undefined;
  if (!pattern) return () => true;
  return (value) => value === '' || value === 'NA' || pattern.test(value);
}

export const loadGenericAssay: FormatLoader = async (ctx, meta) => {
  const v = meta.values;
  const assayType = v.get('generic_assay_type');
  if (!assayType) throw new LoadError({ file: meta.path }, "missing required key 'generic_assay_type'");
  if (assayType === 'TREATMENT_RESPONSE') {
    for (const key of ['pivot_threshold_value', 'value_sort_order'])
      if (!v.get(key)) throw new LoadError({ file: meta.path }, `TREATMENT_RESPONSE profiles need the key '${key}'`);
  }
  const patientLevel = v.get('patient_level')?.toLowerCase() === 'true';
  if (patientLevel && ctx.incremental) throw new LoadError({ file: meta.path }, 'patient-level generic assay data cannot be loaded incrementally');

  const path = dataFilePath(meta);
  const tsv = new TsvFile(path, { skipCommentRows: true, allowLongRows: patientLevel });
  const header = await tsv.readHeader();
  const layout = parseGenericAssayHeader({ file: path, line: header.lineNo }, header.columns, declaredProperties(meta), patientLevel);
  for (const name of layout.missingProperties) ctx.warn({ file: path, line: header.lineNo }, `declared entity property '${name}' has no column; not stored`);

  const { profileKey } = await createProfile(ctx, meta);
  const panelKey = await metaGenePanel(ctx, meta);
  const dataColumns = header.columns.slice(layout.firstDataColumn);
  const targets = patientLevel ? patientTargets(ctx, path, header.lineNo, dataColumns) : sampleTargets(ctx, path, header.lineNo, dataColumns);
  for (const sampleKeys of targets) for (const sampleKey of sampleKeys) ctx.markProfiled(profileKey, sampleKey, panelKey);
  const fileSamples = targets.flat();
  if (ctx.incremental)
    await ctx.db.run(sql`DELETE FROM generic_assay_value WHERE profile_key = ${profileKey} AND sample_key IN (SELECT unnest(${fileSamples}::INTEGER[]))`);

  const entities = await EntityStore.open(ctx, assayType);
  const values = await ctx.writer('generic_assay_value');
  const width = header.columns.length;
  const seen = new Set<string>();
  const valid = validCell(v.get('datatype') ?? '', assayType);
  const invalid = { count: 0, example: '' };
  // One reused row object: files can hold millions of cells.
  const row = { study_key: ctx.study.key, profile_key: profileKey, entity_key: 0, sample_key: 0, value: '' };
  try {
    for await (const batch of tsv.rowBatches()) {
      for (const { cells, lineNo } of batch) {
        if (cells.length > width && cells.slice(width).some((c) => c !== '')) {
          ctx.warn({ file: path, line: lineNo }, 'line has more fields than the header; skipped');
          continue;
        }
        const stableId = cells[0];
        if (!stableId) throw new LoadError({ file: path, line: lineNo, column: 'ENTITY_STABLE_ID' }, 'empty ENTITY_STABLE_ID');
        if (seen.has(stableId)) {
          ctx.warn({ file: path, line: lineNo }, `ENTITY_STABLE_ID '${stableId}' repeated; the first row is kept`);
          continue;
        }
        seen.add(stableId);
        row.entity_key = await entities.keyOf(stableId, layout.properties.map(({ name, column }) => [name, cells[column]]));
        for (let j = 0; j < targets.length; j++) {
          row.value = cells[layout.firstDataColumn + j];
          if (!valid(row.value) && invalid.count++ === 0) invalid.example = `'${row.value}' (line ${lineNo}, column ${dataColumns[j]})`;
          for (const sampleKey of targets[j]) {
            row.sample_key = sampleKey;
            values.add(row);
          }
        }
      }
    }
    await values.finish();
    await entities.finish();
  } finally {
    values.discard();
    entities.discard();
  }
  if (seen.size === 0) throw new LoadError({ file: path }, 'the file holds no entity rows');
  // The importer stores any text; the validator would refuse the file.
  if (invalid.count > 0) ctx.warn({ file: path }, `${invalid.count} cells are not valid ${v.get('datatype')} values, e.g. ${invalid.example}; stored as text`);
  if (ctx.incremental) await completeMatrix(ctx, profileKey);
};

/** Sample keys per data column (TCGA-normalised; normals dropped; unknown samples abort). */
function sampleTargets(ctx: StudyContext, path: string, line: number, columns: readonly string[]): number[][] {
  const seen = new Set<number>();
  return columns.map((id) => {
    const ref = ctx.sampleOf(id, { file: path, line, column: id }, 'abort');
    if (!ref) return [];
    if (seen.has(ref.sampleKey)) throw new LoadError({ file: path, line, column: id }, `sample '${id}' appears in two columns`);
    seen.add(ref.sampleKey);
    return [ref.sampleKey];
  });
}

/** The samples of each patient column (patient ids verbatim; an unknown patient aborts). */
function patientTargets(ctx: StudyContext, path: string, line: number, columns: readonly string[]): number[][] {
  return columns.map((id) => {
    const patientKey = ctx.patientOf(id, false);
    if (patientKey === undefined) throw new LoadError({ file: path, line, column: id }, `patient '${id}' is not a patient of the study`);
    return ctx.samplesOfPatient(patientKey);
  });
}

/**
 * Incremental loads replace whole sample columns: entities the file does not name become '' for
 * its samples, and entities new to the profile get '' for the other samples (as upstream's
 * GeneticAlterationIncrementalImporter fills its matrix).
 */
async function completeMatrix(ctx: StudyContext, profileKey: number): Promise<void> {
  await ctx.db.run(sql`
    INSERT INTO generic_assay_value
    SELECT ${ctx.study.key}, ${profileKey}, e.entity_key, s.sample_key, ''
    FROM (SELECT DISTINCT entity_key FROM generic_assay_value WHERE profile_key = ${profileKey}) e,
         (SELECT DISTINCT sample_key FROM generic_assay_value WHERE profile_key = ${profileKey}) s
    WHERE NOT EXISTS (SELECT 1 FROM generic_assay_value v
                      WHERE v.profile_key = ${profileKey} AND v.entity_key = e.entity_key AND v.sample_key = s.sample_key)`);
}

/** Global entities by stable id, read once per load; new ones are appended with their properties. */
class EntityStore {
  private static readonly known = new WeakMap<StudyContext, Map<string, number>>();

  private constructor(
    private readonly ctx: StudyContext,
    private readonly entityType: string,
    private readonly keys: Map<string, number>,
    private readonly entityWriter: BulkWriter,
    private readonly propertyWriter: BulkWriter,
  ) {}

  static async open(ctx: StudyContext, entityType: string): Promise<EntityStore> {
    let keys = EntityStore.known.get(ctx);
    if (!keys) {
      const rows = await ctx.db.all<{ stable_id: string; entity_key: number }>(sql`SELECT stable_id, entity_key FROM generic_entity`);
      keys = new Map(rows.map((r) => [r.stable_id, r.entity_key]));
      EntityStore.known.set(ctx, keys);
    }
    return new EntityStore(ctx, entityType, keys, await ctx.writer('generic_entity'), await ctx.writer('generic_entity_property'));
  }

  async keyOf(stableId: string, properties: [string, string][]): Promise<number> {
    const known = this.keys.get(stableId);
    if (known !== undefined) return known;
    const entityKey = await this.ctx.nextKey('generic_entity', 'entity_key');
    this.keys.set(stableId, entityKey);
    this.entityWriter.add({ entity_key: entityKey, stable_id: stableId, entity_type: this.entityType });
    for (const [name, value] of properties) this.propertyWriter.add({ entity_key: entityKey, name, value });
    return entityKey;
  }

  async finish(): Promise<void> {
    await this.entityWriter.finish();
    await this.propertyWriter.finish();
  }

  discard(): void {
    this.entityWriter.discard();
    this.propertyWriter.discard();
  }
}
