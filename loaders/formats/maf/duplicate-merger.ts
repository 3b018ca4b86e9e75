// Duplicate rows of one sample describing the same event (study-format 10.4) become one
// mutation; memory stays small for files of millions of rows (30-bit hashes per written row).
import { sql } from '../../../engine/sql/sql.js';
import type { StudyContext } from '../../context.js';
import type { RowSink } from '../../store/bulk-writer.js';
import type { MutationRow } from './maf-row.js';
import { mergeDuplicate } from './merge.js';

/**
 * Merges rows of one sample describing the same event (study-format 10.4). Rows of the sample
 * being read wait in `pending` (exact keys). Once written, a row leaves only a 30-bit hash of its
 * key behind, so memory stays small; a later row of that sample whose hash was seen (the file is
 * not grouped by sample, or a hash collision) is kept aside and settled against the store at the
 * end.
 */
export class DuplicateMerger {
  readonly sampleKeys = new Set<number>();
  /** Rows merged into another row (they add no row of their own). */
  merged = 0;
  private readonly written = new Map<number, Set<number>>();
  private pending = new Map<string, MutationRow>();
  private pendingSample = -1;
  private pendingHashes = new Set<number>();
  /** sample key + event key → rows kept aside, in file order. */
  private readonly late = new Map<string, MutationRow[]>();

  add(row: MutationRow, writer: RowSink): void {
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
      this.merged++;
      this.pending.set(key, mergeDuplicate(kept, row));
      return;
    }
    const hash = hashKey(key);
    if (this.pendingHashes.has(hash)) {
      const lateKey = `${row.sample_key}\t${key}`;
      const rows = this.late.get(lateKey);
      if (rows) rows.push(row);
      else this.late.set(lateKey, [row]);
      return;
    }
    this.pendingHashes.add(hash);
    this.pending.set(key, row);
  }

  flush(writer: RowSink): void {
    for (const row of this.pending.values()) writer.add(row);
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
      this.merged += stored.length + group.length - 1;
    }
    const writer = await ctx.writer('mutation');
    try {
      for (const row of rows) writer.add(row);
      await writer.finish();
    } finally {
      writer.discard();
    }
    // Replaced rows were counted when first written.
    ctx.rowCounts.set('mutation', (ctx.rowCounts.get('mutation') ?? 0) - replaced);
  }
}

/** Same gene, position, protein change, allele and classification (case-insensitive); per sample. */
function eventKey(r: MutationRow): string {
  return `${r.entrez_gene_id}\t${r.chr}\t${r.start_position}\t${r.end_position}\t${r.protein_change.toUpperCase()}\t${r.tumor_seq_allele.toUpperCase()}\t${r.mutation_type.toUpperCase()}`;
}

/** FNV-1a, cut to 30 bits so that V8 keeps it a small integer. */
function hashKey(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  return h & 0x3fffffff;
}
