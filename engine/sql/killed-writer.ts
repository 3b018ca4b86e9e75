// What a writer killed mid-way leaves in a store's file and beside it, and how the next writable
// open (a loader's, the CLI's, serve's) gives it back.
import { rmSync, statSync, truncateSync } from 'node:fs';
import type { Db } from './db.js';
import { sql } from './sql.js';

/**
 * A DuckDB file is three 4 KB headers, then its blocks (PRAGMA database_size's block_size each).
 * The header counts the blocks that committed data may use; a large transaction writes its rows
 * to new blocks past that count before it commits (optimistic writes), so a killed load leaves
 * the file longer than header + blocks. DuckDB never reads those bytes, and neither CHECKPOINT nor
 * FORCE CHECKPOINT gives them back (its truncation only drops free blocks it counts): a store of
 * 19.1 MB stays 24.9 MB after a load killed mid-way, however often it is checkpointed.
 */
const FILE_HEADERS_BYTES = 3 * 4096;

/**
 * Tidies what a writer killed mid-way left behind: the blocks its open transaction had already
 * written, and its spill folder. `db` is a writable open of the store at `path` (its exclusive
 * lock is what makes both safe).
 */
export async function tidyAfterKilledWriter(db: Db, path: string): Promise<void> {
  if (path === ':memory:') return;
  await reclaimUncommittedBlocks(db, path);
  await removeSpillFolder(db, path);
}

/**
 * Cuts the file back to the blocks the header counts. A CHECKPOINT first folds any write-ahead
 * log into the file: a transaction that committed to the log may refer to blocks past the old
 * count, which the checkpoint then counts. Nothing is cut while a log remains. The writable open
 * holds DuckDB's exclusive lock, so no other process is writing; DuckDB extends the file again
 * as it allocates new blocks.
 */
async function reclaimUncommittedBlocks(db: Db, path: string): Promise<void> {
  await db.exec('CHECKPOINT');
  const used = await committedBytes(db);
  if (used !== undefined && statSync(path).size > used) truncateSync(path, used);
}

/**
 * Whether the store's file holds blocks past its header's count: what a load killed mid-way left.
 * A read-only open may ask, to know whether a writable one is needed to give them back.
 */
export async function holdsUncommittedBlocks(db: Db, path: string): Promise<boolean> {
  const used = await committedBytes(db);
  return used !== undefined && statSync(path).size > used;
}

/** The bytes of the header and the blocks it counts; undefined while a write-ahead log remains. */
async function committedBytes(db: Db): Promise<number | undefined> {
  const size = await db.one<{ total_blocks: number; block_size: number; wal_size: string }>(sql`SELECT total_blocks, block_size, wal_size FROM pragma_database_size()`);
  if (!size || !/^0 bytes$/.test(size.wal_size)) return undefined;
  return FILE_HEADERS_BYTES + size.total_blocks * size.block_size;
}

/**
 * DuckDB spills to `<store>.tmp` (its default, the only folder removed here) and deletes it on a
 * clean close only. While this process holds
 * the exclusive lock, a spill folder there is a dead writer's; DuckDB creates it again when it
 * first spills.
 */
async function removeSpillFolder(db: Db, path: string): Promise<void> {
  const row = await db.one<{ dir: string }>(sql`SELECT current_setting('temp_directory') AS dir`);
  if (row?.dir === `${path}.tmp`) rmSync(row.dir, { recursive: true, force: true });
}
