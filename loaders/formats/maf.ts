// Mutation files (MAF; MUTATION_EXTENDED and MUTATION_UNCALLED, study-format 10): rows are
// filtered, mapped and merged as cBioPortal's ImportExtendedMutationData does, then appended.
import { sql } from '../../engine/sql/sql.js';
import type { SampleRef, StudyContext } from '../context.js';
import { LoadError } from '../errors.js';
import { createProfile, metaGenePanel } from '../store/profiles.js';
import type { RowValues, TableWriter } from '../store/table-writer.js';
import { dataFilePath, type MetaFile } from '../study-dir.js';
import { TsvFile } from '../text/tsv.js';
import type { FormatLoader } from './format-loader.js';
import { MafGeneCache } from './maf/maf-gene.js';
import { mafLayout, toMutationRow, type MafLayout, type MutationRow, type RowContext } from './maf/maf-row.js';
import { mergeDuplicate } from './maf/merge.js';
import { parseClassificationFilter } from './maf/mutation-filter.js';
import { ASCN_ATTRIBUTES, parseNamespaceList } from './maf/namespaces.js';
import { SkipTally } from './maf/skip-tally.js';

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
  const rowContext: RowContext = {
    layout,
    filter: parseClassificationFilter(meta.values.get('variant_classification_filter')),
    resolveGene: ((cache) => cache.resolve.bind(cache))(new MafGeneCache(ctx.genes)),
  };
  const buildCheck = await genomeBuildCheck(ctx);
  const tally = new SkipTally();
  const samples = new Map<string, SampleRef | null>();
  const deleted = new Set<number>();
  const merger = new DuplicateMerger();
  const writer = await ctx.writer('mutation');
  try {
    for await (const { cells, lineNo } of tsv.rows()) {
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
      buildCheck(outcome.row.ncbi_build, lineNo);
      const row = outcome.row;
      row.study_key = ctx.study.key;
      row.profile_key = profileKey;
      row.sample_key = sample.sampleKey;
      merger.add(row, writer);
    }
    merger.flush(writer);
  } finally {
    writer.close();
  }
  await merger.settleLate(ctx);
  for (const sampleKey of merger.sampleKeys) ctx.markProfiled(profileKey, sampleKey, panelKey);
  tally.report(ctx, path);
  buildCheck.report(ctx, path);
};

/**
 * Merges rows of one sample describing the same event (study-format 10.4). Rows of the sample
 * being read wait in `pending` (exact keys). Once written, a row leaves only a 30-bit hash of its
 * key behind, so memory stays small; a later row of that sample whose hash was seen (the file is
 * not grouped by sample, or a hash collision) is kept aside and settled against the store at the
 * end.
 */
class DuplicateMerger {
  readonly sampleKeys = new Set<number>();
  private readonly written = new Map<number, Set<number>>();
  private pending = new Map<string, MutationRow>();
  private pendingSample = -1;
  private pendingHashes = new Set<number>();
  private readonly late = new Map<string, MutationRow[]>();

  add(row: MutationRow, writer: TableWriter): void {
    if (row.sample_key !== this.pendingSample) {
      this.flush(writer);
      this.pendingSample = row.sample_key;
      let hashes = this.written.get(row.sample_key);
      if (!hashes) this.written.set(row.sample_key, (hashes = new Set()));
      this.pendingHashes = hashes;
      this.sampleKeys.add(row.sample_key);
    }
    const key = eventKey(row);
    const kept = this.pending.get(key);
    if (kept) {
      this.pending.set(key, mergeDuplicate(kept, row));
      return;
    }
    const hash = hashKey(key);
    if (this.pendingHashes.has(hash)) {
      const rows = this.late.get(key);
      if (rows) rows.push(row);
      else this.late.set(key, [row]);
      return;
    }
    this.pendingHashes.add(hash);
    this.pending.set(key, row);
  }

  flush(writer: TableWriter): void {
    for (const row of this.pending.values()) writer.add(row as unknown as RowValues);
    this.pending.clear();
  }

  /** Settles the rows kept aside (after the writer is closed): merged into a stored row, or added. */
  async settleLate(ctx: StudyContext): Promise<void> {
    if (this.late.size === 0) return;
    const rows: MutationRow[] = [];
    let replaced = 0;
    for (const group of this.late.values()) {
      const r = group[0];
      const match = sql`profile_key = ${r.profile_key} AND sample_key = ${r.sample_key} AND entrez_gene_id = ${r.entrez_gene_id}
        AND chr = ${r.chr} AND start_position = ${r.start_position} AND end_position = ${r.end_position}
        AND upper(protein_change) = ${r.protein_change.toUpperCase()} AND upper(tumor_seq_allele) = ${r.tumor_seq_allele.toUpperCase()}
        AND upper(mutation_type) = ${r.mutation_type.toUpperCase()}`;
      const stored = await ctx.db.all<MutationRow>(sql`SELECT * FROM mutation WHERE ${match}`);
      if (stored.length > 1) throw new Error(`maf: ${stored.length} stored rows for one event of one sample`);
      if (stored.length === 1) {
        await ctx.db.run(sql`DELETE FROM mutation WHERE ${match}`);
        replaced++;
      }
      rows.push([...stored, ...group].reduce((kept, row) => mergeDuplicate(kept, row)));
    }
    const writer = await ctx.writer('mutation');
    try {
      for (const row of rows) writer.add(row as unknown as RowValues);
    } finally {
      writer.close();
    }
    // Replaced rows were counted when first written.
    ctx.rowCounts.set('mutation', (ctx.rowCounts.get('mutation') ?? 0) - replaced);
  }
}

/** Same gene, position, protein change, allele and classification (case-insensitive). */
function eventKey(r: MutationRow): string {
  return `${r.entrez_gene_id}\t${r.chr}\t${r.start_position}\t${r.end_position}\t${r.protein_change.toUpperCase()}\t${r.tumor_seq_allele.toUpperCase()}\t${r.mutation_type.toUpperCase()}`;
}

/** FNV-1a, cut to 30 bits so that V8 keeps it a small integer. */
function hashKey(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  return h & 0x3fffffff;
}

function checkSwissprotIdentifier(meta: MetaFile): void {
  const kind = meta.values.get('swissprot_identifier');
  if (kind !== undefined && kind !== 'name' && kind !== 'accession')
    throw new LoadError({ file: meta.path }, `swissprot_identifier must be 'name' or 'accession', not '${kind}'`);
}

/** `#sequenced_samples: id id ...` lines before the header; unknown ids abort (as upstream). */
function sequencedSamples(ctx: StudyContext, path: string, comments: readonly string[]): number[] {
  const keys: number[] = [];
  for (const comment of comments) {
    const m = /^.*sequenced_samples:(.*)$/.exec(comment.trim());
    if (!m) continue;
    for (const id of m[1].split(/\s+/).filter((s) => s !== '')) {
      const ref = ctx.sampleOf(id, { file: path }, 'abort');
      if (!ref) throw new LoadError({ file: path }, `#sequenced_samples: sample '${id}' is not defined in the clinical sample file`);
      keys.push(ref.sampleKey);
    }
  }
  return keys;
}

function checkLayout(ctx: StudyContext, meta: MetaFile, path: string, line: number, layout: MafLayout): void {
  if (layout.sample < 0) throw new LoadError({ file: path, line }, 'the MAF has no Tumor_Sample_Barcode column');
  if (layout.hugo < 0 && layout.entrez < 0) throw new LoadError({ file: path, line }, 'the MAF has neither a Hugo_Symbol nor an Entrez_Gene_Id column');
  for (const ns of layout.unmatchedNamespaces) ctx.warn({ file: meta.path }, `namespace '${ns}' is declared but the MAF has no '${ns}.*' column`);
  if (layout.ascn) {
    const present = new Set(layout.ascn.map((c) => c.attr));
    const missing = ASCN_ATTRIBUTES.filter((a) => !present.has(a));
    if (missing.length) ctx.warn({ file: path, line }, `ASCN namespace without column(s) ${missing.map((a) => `ASCN.${a.toUpperCase()}`).join(', ')}`);
  }
}

/** NCBI_Build values that disagree with the study's genome (the importer only warns). */
async function genomeBuildCheck(ctx: StudyContext) {
  const row = await ctx.db.one<{ build_name: string | null }>(sql`SELECT build_name FROM reference_genome WHERE name = ${ctx.study.referenceGenome}`);
  const build = row?.build_name?.toLowerCase();
  const accepted = new Set(build ? [build, build.replace(/^grc[hm]/, '')] : []);
  let mismatches = 0;
  let first: { line: number; value: string } | undefined;
  const check = (value: string, line: number) => {
    if (!build || accepted.has(value.toLowerCase())) return;
    mismatches++;
    first ??= { line, value };
  };
  check.report = (c: StudyContext, path: string) => {
    if (first)
      c.warn({ file: path, line: first.line }, `NCBI_Build '${first.value}' does not match the study genome ${row?.build_name} (${mismatches} row(s))`);
  };
  return check;
}
