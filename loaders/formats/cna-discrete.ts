// Wide discrete CNA files (study-format 11.1, 11.2, 11.4, 11.5): the matrix like any gene matrix,
// plus, for the profile shown in the analysis tab, CNA events for cells '2', '-2' and '-1.5' with
// the driver annotations of the pd_annotations file, as ImportTabDelimData does.
import { sql, type Fragment } from '../../engine/sql/sql.js';
import type { ProfileRef, StudyContext } from '../context.js';
import { LoadError } from '../errors.js';
import { dataFilePath } from '../study-dir.js';
import { TsvFile, columnIndex } from '../text/tsv.js';
import { DRIVER_COLUMNS, isDriverAnnotated } from './driver-columns.js';
import type { FormatLoader } from './format-loader.js';
import { addRowCount, loadMatrixFile, type MatrixLoad } from './gene-matrix.js';

export interface DriverAnnotation {
  sampleKey: number;
  entrezGeneId: number;
  driver: string;
  driverAnnotation: string;
  tiers: string;
  tiersAnnotation: string;
}

const PD_COLUMNS = ['sample_id', 'entrez_gene_id', ...DRIVER_COLUMNS] as const;

export const loadDiscreteCna: FormatLoader = async (ctx, meta) => {
  const matrix = await loadMatrixFile(ctx, meta);
  if (!showsInAnalysisTab(matrix.profile)) return;
  const annotations = meta.values.get('pd_annotations_filename')
    ? await readPdAnnotations(ctx, dataFilePath(meta, 'pd_annotations_filename'), matrix)
    : [];
  await writeWideCnaEvents(ctx, matrix, annotations);
};

/** The importer's "discretized CNA profile": events only come from the shown CNA profile. */
export function showsInAnalysisTab(profile: ProfileRef): boolean {
  return profile.meta.values.get('show_profile_in_analysis_tab')?.toLowerCase() !== 'false';
}

/**
 * The pd annotations file (11.5): six required columns, one row per (SAMPLE_ID, Entrez_Gene_Id);
 * SAMPLE_ID is compared verbatim with the (normalised) sample ids.
 */
async function readPdAnnotations(ctx: StudyContext, file: string, matrix: MatrixLoad): Promise<DriverAnnotation[]> {
  const tsv = new TsvFile(file, { allowLongRows: true });
  const { columns, lineNo } = await tsv.readHeader();
  const col = columnIndex(columns);
  const idx = PD_COLUMNS.map((name) => {
    const i = col(name);
    if (i < 0) throw new LoadError({ file, line: lineNo }, `the column ${name} is required in a pd annotations file`);
    return i;
  });
  const seen = new Set<string>();
  const annotations: DriverAnnotation[] = [];
  for await (const batch of tsv.rowBatches()) {
    for (const { cells, lineNo: line } of batch) {
      const [sampleId, entrez, driver, driverAnnotation, tiers, tiersAnnotation] = idx.map((i) => cells[i]);
      if (!/^[+-]?\d+$/.test(entrez)) throw new LoadError({ file, line, column: columns[idx[1]] }, `Entrez_Gene_Id '${entrez}' is not a number`);
      const key = `${sampleId}\u0000${Number(entrez)}`;
      if (seen.has(key)) throw new LoadError({ file, line }, `sample ${sampleId} and gene ${entrez} are annotated twice`);
      seen.add(key);
      const sample = ctx.samples.get(sampleId);
      if (!sample) ctx.warn({ file, line }, 'SAMPLE_ID matches no sample of the study (compared without TCGA normalisation), row ignored');
      else if (!matrix.genes.has(Number(entrez))) ctx.warn({ file, line }, 'gene not in the CNA data file, row ignored');
      else if (isDriverAnnotated(driver, tiers))
        annotations.push({ sampleKey: sample.sampleKey, entrezGeneId: Number(entrez), driver, driverAnnotation, tiers, tiersAnnotation });
    }
  }
  return annotations;
}

/** Events of the file's samples, from the cells just stored (their trimmed text decides). */
async function writeWideCnaEvents(ctx: StudyContext, matrix: MatrixLoad, annotations: readonly DriverAnnotation[]): Promise<void> {
  const { profileKey } = matrix.profile;
  if (matrix.sampleKeys.length === 0) return;
  if (ctx.incremental)
    await ctx.db.run(sql`DELETE FROM cna_event WHERE profile_key = ${profileKey} AND sample_key IN (SELECT unnest(${matrix.sampleKeys}::INTEGER[]))`);
  if (matrix.eventGenes.length === 0) return;
  const row = await ctx.db.one<{ Count: number }>(sql`
    INSERT INTO cna_event
    SELECT ${ctx.study.key}, ${profileKey}, v.sample_key, v.entrez_gene_id, CASE v.value WHEN '2' THEN 2 ELSE -2 END,
           a.driver_filter, a.driver_filter_annotation, a.driver_tiers_filter, a.driver_tiers_filter_annotation, NULL
    FROM gene_value v LEFT JOIN (${annotationRows(annotations)}) a USING (sample_key, entrez_gene_id)
    WHERE v.profile_key = ${profileKey} AND v.value IN ('2', '-2', '-1.5')
      AND v.entrez_gene_id IN (SELECT unnest(${matrix.eventGenes}::INTEGER[]))
      AND v.sample_key IN (SELECT unnest(${matrix.sampleKeys}::INTEGER[]))
    ORDER BY v.entrez_gene_id, v.sample_key`);
  addRowCount(ctx, 'cna_event', row?.Count ?? 0);
}

function annotationRows(annotations: readonly DriverAnnotation[]): Fragment {
  if (annotations.length === 0)
    return sql`SELECT NULL::INTEGER AS sample_key, NULL::INTEGER AS entrez_gene_id, NULL::VARCHAR AS driver_filter, NULL::VARCHAR AS driver_filter_annotation,
      NULL::VARCHAR AS driver_tiers_filter, NULL::VARCHAR AS driver_tiers_filter_annotation WHERE false`;
  const list = (pick: (a: DriverAnnotation) => string | number) => annotations.map(pick);
  return sql`SELECT unnest(${list((a) => a.sampleKey)}::INTEGER[]) AS sample_key, unnest(${list((a) => a.entrezGeneId)}::INTEGER[]) AS entrez_gene_id,
    unnest(${list((a) => a.driver)}::VARCHAR[]) AS driver_filter, unnest(${list((a) => a.driverAnnotation)}::VARCHAR[]) AS driver_filter_annotation,
    unnest(${list((a) => a.tiers)}::VARCHAR[]) AS driver_tiers_filter, unnest(${list((a) => a.tiersAnnotation)}::VARCHAR[]) AS driver_tiers_filter_annotation`;
}
