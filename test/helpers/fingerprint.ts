// A content fingerprint of a whole store: per table, the row count and an order-independent
// hash of all rows (bench/store-digest.ts). Two stores with equal fingerprints hold the same data.
import { storeDigest } from '../../bench/store-digest.js';
import type { Db } from '../../engine/sql/db.js';

export async function storeFingerprint(db: Db): Promise<Record<string, string>> {
  const digest = await storeDigest(db);
  return Object.fromEntries(Object.entries(digest).map(([table, { rows, hash }]) => [table, `${rows}:${hash}`]));
}
