// Segmented copy number files (study-format 13), as ImportCopyNumberSegmentData loads them: the
// first line is the header, columns are positional, an unknown sample aborts, one
// copy_number_seg_file record per study. FRACTION_GENOME_ALTERED is computed in derive.ts.
import { sql } from '../../engine/sql/sql.js';
import type { StudyContext } from '../context.js';
import { LoadError } from '../errors.js';
import { dataFilePath, type MetaFile } from '../study-dir.js';
import { TsvFile } from '../text/tsv.js';
import type { FormatLoader } from './format-loader.js';
import { SEG_COLUMNS, parseSegment, type Segment } from './segment-row.js';

const GENOMES = ['hg19', 'hg38'];

export const loadSegments: FormatLoader = async (ctx, meta) => {
  const path = dataFilePath(meta);
  await recordSegmentFile(ctx, meta);
  // Incremental: a sample's stored segments are replaced when the file has a loadable row for it.
  if (ctx.incremental) {
    const samples = new Set<number>();
    for await (const { sampleKey } of readSegments(ctx, path, false)) samples.add(sampleKey);
    await ctx.db.run(sql`DELETE FROM copy_number_seg WHERE study_key = ${ctx.study.key} AND sample_key IN (SELECT unnest(${[...samples]}::INTEGER[]))`);
  }
  const writer = await ctx.writer('copy_number_seg');
  try {
    for await (const { sampleKey, segment: s } of readSegments(ctx, path, true)) {
      writer.add({ study_key: ctx.study.key, sample_key: sampleKey, chr: s.chr, start_position: s.start, end_position: s.end, num_probes: s.numProbes, segment_mean: s.segmentMean });
    }
    await writer.finish();
  } finally {
    writer.discard();
  }
};

/** The study's one SEG file record; an incremental load must keep the genome of the stored one. */
async function recordSegmentFile(ctx: StudyContext, meta: MetaFile): Promise<void> {
  const genome = meta.values.get('reference_genome_id') ?? '';
  const at = { file: meta.path, line: meta.lineOf.get('reference_genome_id') };
  if (!GENOMES.includes(genome)) throw new LoadError(at, `reference_genome_id '${genome}' is not one of ${GENOMES.join(', ')}`);
  if (genome !== ctx.study.referenceGenome.toLowerCase())
    ctx.warn(at, `reference_genome_id '${genome}' differs from the study's reference genome '${ctx.study.referenceGenome}'`);
  const stored = await ctx.db.one<{ reference_genome_id: string }>(sql`SELECT reference_genome_id FROM copy_number_seg_file WHERE study_key = ${ctx.study.key}`);
  if (stored && !ctx.incremental) throw new LoadError({ file: meta.path }, 'a study may have only one SEG file');
  if (stored) {
    if (stored.reference_genome_id !== genome)
      throw new LoadError(at, `the study's segments are ${stored.reference_genome_id} data; this file is ${genome}`);
    return;
  }
  await ctx.db.run(sql`INSERT INTO copy_number_seg_file VALUES (${ctx.study.key}, ${genome}, ${meta.values.get('description') ?? null}, ${meta.values.get('data_filename') ?? null})`);
}

/** The loadable segments of the file; `report` = false reads it silently (the incremental pre-pass). */
async function* readSegments(ctx: StudyContext, path: string, report: boolean): AsyncGenerator<{ sampleKey: number; segment: Segment }> {
  const tsv = new TsvFile(path, { allowLongRows: true });
  const header = await tsv.readHeader();
  if (header.comments.length > 0) throw new LoadError({ file: path, line: 1 }, 'a SEG file must start with its header line (no # lines)');
  if (header.columns.length < SEG_COLUMNS.length) throw new LoadError({ file: path, line: header.lineNo }, `the header must have the columns ${SEG_COLUMNS.join(', ')}`);
  if (report && SEG_COLUMNS.some((name, i) => header.columns[i] !== name))
    ctx.warn({ file: path, line: header.lineNo }, `header should be ${SEG_COLUMNS.join(', ')} (columns are read by position)`);
  for await (const batch of tsv.rowBatches()) {
    for (const { cells, lineNo } of batch) {
      const { segment, issues } = parseSegment(cells, ctx.study.referenceGenome);
      for (const issue of issues) {
        const at = { file: path, line: lineNo, column: issue.column };
        if (issue.kind === 'error') throw new LoadError(at, issue.message);
        if (report) ctx.warn(at, issue.message);
      }
      if (!segment) continue;
      const at = { file: path, line: lineNo, column: 'ID' };
      const sample = report ? ctx.sampleOfRow(cells[0], at, 'abort') : ctx.sampleOf(cells[0], at, 'abort');
      if (sample) yield { sampleKey: sample.sampleKey, segment };
    }
  }
}
