// GSVA scores and p-values (study-format 18.2): gene set rows × sample columns, stored as trimmed
// text. As upstream: the meta's geneset_def_version must be the loaded gene-set version, the
// source profile must exist, and rows of gene sets that are not loaded are skipped.
import { sql } from '../../engine/sql/sql.js';
import type { StudyContext } from '../context.js';
import { LoadError } from '../errors.js';
import { createProfile } from '../store/profiles.js';
import { dataFilePath, type MetaFile } from '../study-dir.js';
import { TsvFile } from '../text/tsv.js';
import type { FormatLoader } from './format-loader.js';

export const loadGsva: FormatLoader = async (ctx, meta) => {
  await checkGenesetVersion(ctx, meta);
  const source = meta.values.get('source_stable_id');
  if (!source) throw new LoadError({ file: meta.path }, "missing required key 'source_stable_id'");
  if (!ctx.profiles.has(ctx.profileId(source)))
    throw new LoadError({ file: meta.path, line: meta.lineOf.get('source_stable_id') }, `source_stable_id '${source}' is not a profile of the study`);

  const path = dataFilePath(meta);
  const tsv = new TsvFile(path, { skipCommentRows: true });
  const header = await tsv.readHeader();
  if (header.columns[0].toLowerCase() !== 'geneset_id')
    throw new LoadError({ file: path, line: header.lineNo, column: header.columns[0] }, 'the first column of a GSVA file must be geneset_id');
  const { profileKey } = await createProfile(ctx, meta);
  const samples = header.columns.slice(1).map((id) => ctx.sampleOf(id, { file: path, line: header.lineNo, column: id }, 'abort')?.sampleKey);
  for (const sampleKey of samples) if (sampleKey !== undefined) ctx.markProfiled(profileKey, sampleKey);

  const genesets = new Map(
    (await ctx.db.all<{ geneset_id: string; geneset_key: number }>(sql`SELECT geneset_id, geneset_key FROM geneset`)).map((r) => [r.geneset_id, r.geneset_key]),
  );
  const seen = new Set<number>();
  const valid = meta.kind === 'gsva-pvalue' ? (x: number) => x > 0 && x <= 1 : (x: number) => x >= -1 && x <= 1;
  const invalid = { count: 0, example: '' };
  const values = await ctx.writer('geneset_value');
  const row = { study_key: ctx.study.key, profile_key: profileKey, geneset_key: 0, sample_key: 0, value: '' };
  try {
    for await (const { cells, lineNo } of tsv.rows()) {
      const genesetKey = genesets.get(cells[0]);
      if (genesetKey === undefined) {
        ctx.warn({ file: path, line: lineNo }, 'gene set not loaded; row skipped');
        continue;
      }
      if (seen.has(genesetKey)) {
        ctx.warn({ file: path, line: lineNo }, `gene set ${cells[0]} repeated; the first row is kept`);
        continue;
      }
      seen.add(genesetKey);
      row.geneset_key = genesetKey;
      samples.forEach((sampleKey, i) => {
        if (sampleKey === undefined) return; // a TCGA normal: not a sample of the study
        row.sample_key = sampleKey;
        row.value = cells[i + 1];
        if (row.value !== 'NA' && !(row.value !== '' && valid(Number(row.value))) && invalid.count++ === 0)
          invalid.example = `'${row.value}' (line ${lineNo}, column ${header.columns[i + 1]})`;
        values.add(row);
      });
    }
    await values.finish();
  } finally {
    values.discard();
  }
  if (seen.size === 0) throw new LoadError({ file: path }, 'no row of the file names a loaded gene set');
  // The importer stores any text; the validator wants scores in [-1, 1] and p-values in (0, 1].
  if (invalid.count > 0) ctx.warn({ file: path }, `${invalid.count} cells are out of range or not numbers, e.g. ${invalid.example}; stored as text`);
};

async function checkGenesetVersion(ctx: StudyContext, meta: MetaFile): Promise<void> {
  const loaded = (await ctx.db.one<{ value: string }>(sql`SELECT value FROM info WHERE key = 'geneset_version'`))?.value;
  if (!loaded) throw new LoadError({ file: meta.path }, 'no gene sets are loaded: run `duckportal genesets import` first');
  const wanted = meta.values.get('geneset_def_version');
  if (!wanted) throw new LoadError({ file: meta.path }, "missing required key 'geneset_def_version'");
  if (wanted !== loaded)
    throw new LoadError({ file: meta.path, line: meta.lineOf.get('geneset_def_version') }, `geneset_def_version '${wanted}' differs from the loaded gene-set version '${loaded}'`);
}
