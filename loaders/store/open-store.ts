// The writable open every CLI command that changes a store uses: the next generation of the store
// (engine/sql/store-writer.ts), published when the work succeeds, so that servers reading the store switch to
// it and a failure changes nothing.
import type { Db } from '../../engine/sql/db.js';
import { LOAD_MEMORY_LIMIT } from '../load-study.js';
import { withStoreWriter } from '../../engine/sql/store-writer.js';

export function withWritableStore<T>(path: string, work: (db: Db) => Promise<T>): Promise<T> {
  const onWait = () => console.log(`${path}: another command is writing this store; waiting for it to finish`);
  return withStoreWriter(path, { memoryLimit: LOAD_MEMORY_LIMIT, onWait }, work);
}
