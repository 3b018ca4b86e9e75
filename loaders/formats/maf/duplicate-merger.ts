// Rows of one sample describing the same event (study-format 10.4) become one mutation: SQL finds
// the events of more than one kept row (rare), and JS folds each in file order with mergeDuplicate.
import type { Db } from '../../../engine/sql/db.js';
import { raw, sql } from '../../../engine/sql/sql.js';
import { BulkWriter } from '../../store/bulk-writer.js';
import { MAF_TABLES } from './maf-mapping.js';
import { mergeDuplicate, type MergeFields } from './merge.js';

/** Same sample, gene, position, protein change, allele and classification (case-insensitive). */
const EVENT = 'sample_key, entrez_gene_id, chr, start_position, end_position, protein_change_upper, allele_upper, type_upper';

type Duplicate = MergeFields & { line: number; event: number };

/**
 * Builds `maf_merged` (line, keep, center) for the kept rows of `maf_mapped` that share an event:
 * the surviving row of each event with its merged center (keep), the others not kept.
 */
export async function mergeDuplicates(db: Db): Promise<void> {
  const table = MAF_TABLES.merged;
  await db.run(sql`CREATE OR REPLACE TEMP TABLE ${raw(table)} (line INTEGER, keep BOOLEAN, center VARCHAR)`);
  const kept = raw(`${MAF_TABLES.mapped} WHERE skip_reason IS NULL`);
  const rows = await db.all<Duplicate>(sql`
    WITH shared AS (SELECT ${raw(EVENT)} FROM ${kept} GROUP BY ALL HAVING count(*) > 1),
      numbered AS (SELECT *, row_number() OVER () AS event FROM shared)
    SELECT m.line, n.event, m.center, m.matched_norm_sample_barcode, m.validation_status, m.mutation_status
    FROM ${raw(MAF_TABLES.mapped)} m JOIN numbered n USING (${raw(EVENT)})
    WHERE m.skip_reason IS NULL ORDER BY n.event, m.line`);
  const writer = await BulkWriter.open(db, table);
  try {
    for (let i = 0; i < rows.length; ) {
      let j = i + 1;
      while (j < rows.length && rows[j].event === rows[i].event) j++;
      const group = rows.slice(i, j);
      const winner = group.reduce((kept, row) => mergeDuplicate(kept, row));
      for (const row of group) writer.add({ line: row.line, keep: row.line === winner.line, center: winner.center });
      i = j;
    }
    await writer.finish();
  } finally {
    writer.discard();
  }
}
