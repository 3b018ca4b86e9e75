// Installation facts for GET /api/info and /api/timestamps (api.md 28): the info table's
// key/value rows and the store file's modification time.
import { statSync } from 'node:fs';
import type { ReadOnlyDb } from '../sql/db.js';
import { sql } from '../sql/sql.js';

/** The info table as a map (geneset_version, gene_table_version, ...). */
export async function fetchInfoValues(db: ReadOnlyDb): Promise<Map<string, string>> {
  const rows = await db.all<{ key: string; value: string | null }>(sql`SELECT key, value FROM info`);
  return new Map(rows.filter((r) => r.value !== null).map((r) => [r.key, r.value as string]));
}

/**
 * When the gene tables last changed, as `yyyy-MM-dd HH:mm:ss` (UTC). The store records no per-table
 * times, so the store file's modification time stands in: it changes with every write (a gene
 * import included), so clients never keep stale gene caches. In-memory stores have no time.
 */
export function storeUpdateTime(db: ReadOnlyDb): string | undefined {
  if (db.path === ':memory:' || db.path === '') return undefined;
  try {
    return statSync(db.path).mtime.toISOString().replace('T', ' ').slice(0, 19);
  } catch {
    return undefined;
  }
}
