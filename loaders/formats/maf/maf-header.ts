// The parts of a MAF around its rows: meta keys, `#sequenced_samples:` lines, required header
// columns and the NCBI_Build check (study-format 10.1-10.3).
import { sql } from '../../../engine/sql/sql.js';
import type { StudyContext } from '../../context.js';
import { LoadError } from '../../errors.js';
import type { MetaFile } from '../../study-dir.js';
import type { MafLayout } from './maf-layout.js';
import { ASCN_ATTRIBUTES } from './ascn.js';

export function checkSwissprotIdentifier(meta: MetaFile): void {
  const kind = meta.values.get('swissprot_identifier');
  if (kind !== undefined && kind !== 'name' && kind !== 'accession')
    throw new LoadError({ file: meta.path }, `swissprot_identifier must be 'name' or 'accession', not '${kind}'`);
}

/** `#sequenced_samples: id id ...` lines before the header; unknown ids abort (as upstream). */
export function sequencedSamples(ctx: StudyContext, path: string, comments: readonly string[]): number[] {
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

export function checkLayout(ctx: StudyContext, meta: MetaFile, path: string, line: number, layout: MafLayout): void {
  if (layout.sample < 0) throw new LoadError({ file: path, line }, 'the MAF has no Tumor_Sample_Barcode column');
  if (layout.hugo < 0 && layout.entrez < 0) throw new LoadError({ file: path, line }, 'the MAF has neither a Hugo_Symbol nor an Entrez_Gene_Id column');
  for (const ns of layout.namespaces.unmatched) ctx.warn({ file: meta.path }, `namespace '${ns}' is declared but the MAF has no '${ns}.*' column`);
  if (layout.ascn) {
    const present = new Set(layout.ascn.map((c) => c.attr));
    const missing = ASCN_ATTRIBUTES.filter((a) => !present.has(a));
    if (missing.length) ctx.warn({ file: path, line }, `ASCN namespace without column(s) ${missing.map((a) => `ASCN.${a.toUpperCase()}`).join(', ')}`);
  }
}

/** NCBI_Build values that disagree with the study's genome: one warning (the importer only warns). */
export class GenomeBuildCheck {
  private mismatches = 0;
  private first: { line: number; value: string } | undefined;

  private constructor(
    private readonly build: string | undefined,
    private readonly accepted: ReadonlySet<string>,
  ) {}

  static async open(ctx: StudyContext): Promise<GenomeBuildCheck> {
    const row = await ctx.db.one<{ build_name: string | null }>(sql`SELECT build_name FROM reference_genome WHERE name = ${ctx.study.referenceGenome}`);
    const build = row?.build_name ?? undefined;
    const lower = build?.toLowerCase();
    // GRCh37 is also written 37 (the validator's reading).
    return new GenomeBuildCheck(build, new Set(lower ? [lower, lower.replace(/^grc[hm]/, '')] : []));
  }

  check(value: string, line: number): void {
    if (this.build === undefined || this.accepted.has(value.toLowerCase())) return;
    this.mismatches++;
    this.first ??= { line, value };
  }

  report(ctx: StudyContext, file: string): void {
    if (this.first)
      ctx.warn({ file, line: this.first.line }, `NCBI_Build '${this.first.value}' does not match the study genome ${this.build} (${this.mismatches} row(s))`);
  }
}
