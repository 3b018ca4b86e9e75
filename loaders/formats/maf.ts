// Mutation files (MAF; MUTATION_EXTENDED and MUTATION_UNCALLED, study-format 10): rows are
// filtered, mapped and merged as cBioPortal's ImportExtendedMutationData does, then appended.
import { sql } from '../../engine/sql/sql.js';
import { CoercedValues } from '../coerced-values.js';
import type { SampleRef } from '../context.js';
import { createProfile, metaGenePanel } from '../store/profiles.js';
import { dataFilePath } from '../study-dir.js';
import { TsvFile } from '../text/tsv.js';
import type { FormatLoader } from './format-loader.js';
import { MafGeneCache } from './maf/maf-gene.js';
import { DuplicateMerger } from './maf/duplicate-merger.js';
import { checkLayout, checkSwissprotIdentifier, GenomeBuildCheck, sequencedSamples } from './maf/maf-header.js';
import { mafLayout } from './maf/maf-layout.js';
import { toMutationRow, type RowContext } from './maf/maf-row.js';
import { parseClassificationFilter } from './maf/mutation-filter.js';
import { SkipTally } from './maf/skip-tally.js';
import { parseNamespaceList } from './namespaces.js';

export const loadMutations: FormatLoader = async (ctx, meta) => {
  const path = dataFilePath(meta);
  checkSwissprotIdentifier(meta);
  const { profileKey } = await createProfile(ctx, meta);
  const panelKey = await metaGenePanel(ctx, meta);
  const tsv = new TsvFile(path, { skipCommentRows: true, allowLongRows: true });
  const header = await tsv.readHeader();
  for (const sampleKey of sequencedSamples(ctx, path, header.comments)) ctx.markProfiled(profileKey, sampleKey, panelKey);

  const layout = mafLayout(header.columns, parseNamespaceList(meta.values.get('namespaces')));
  checkLayout(ctx, meta, path, header.lineNo, layout);
  const genes = new MafGeneCache(ctx.genes);
  const rowContext: RowContext = {
    layout,
    filter: parseClassificationFilter(meta.values.get('variant_classification_filter')),
    resolveGene: (symbol, entrez) => genes.resolve(symbol, entrez),
  };
  const buildCheck = await GenomeBuildCheck.open(ctx);
  const tally = new SkipTally();
  const coerced = new CoercedValues();
  const samples = new Map<string, SampleRef | null>();
  const deleted = new Set<number>();
  const merger = new DuplicateMerger();
  const writer = await ctx.writer('mutation', 'entrez_gene_id, sample_key');
  try {
    for await (const batch of tsv.rowBatches()) {
      for (const { cells, lineNo } of batch) {
        const raw = cells[layout.sample] ?? '';
        let sample = samples.get(raw);
        if (sample === undefined) {
          sample = ctx.sampleOf(raw, { file: path, line: lineNo, column: 'Tumor_Sample_Barcode' }, 'abort') ?? null;
          samples.set(raw, sample);
        }
        if (sample === null) {
          tally.add('normal-sample', lineNo, raw);
          continue;
        }
        // Incremental: the sample's mutations in this profile are replaced, even if all its rows are filtered.
        if (ctx.incremental && !deleted.has(sample.sampleKey)) {
          deleted.add(sample.sampleKey);
          await ctx.db.run(sql`DELETE FROM mutation WHERE profile_key = ${profileKey} AND sample_key = ${sample.sampleKey}`);
        }
        const outcome = toMutationRow(cells, rowContext);
        if (outcome.kind === 'skip') {
          tally.add(outcome.reason, lineNo, outcome.detail);
          continue;
        }
        for (const { column, value } of outcome.coerced) coerced.add(column, 'not a non-negative integer: stored as 0', lineNo, value);
        buildCheck.check(outcome.row.ncbi_build, lineNo);
        const row = outcome.row;
        row.study_key = ctx.study.key;
        row.profile_key = profileKey;
        row.sample_key = sample.sampleKey;
        merger.add(row, writer);
      }
    }
    merger.flush(writer);
    await writer.finish();
  } finally {
    writer.discard();
  }
  await merger.settleLate(ctx);
  for (const sampleKey of merger.sampleKeys) ctx.markProfiled(profileKey, sampleKey, panelKey);
  tally.report(ctx, path);
  if (merger.merged > 0) ctx.warnings.filter({ file: path }, 'duplicate rows merged (same sample and event)', merger.merged);
  coerced.report(ctx, path);
  buildCheck.report(ctx, path);
};
