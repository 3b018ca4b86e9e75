// Opens a store for writing (the loaders, the CLI), first tidying what a writer killed mid-way
// left behind (engine/sql/killed-writer.ts).
import { Db } from '../../engine/sql/db.js';
import { tidyAfterKilledWriter } from '../../engine/sql/killed-writer.js';
import { LOAD_MEMORY_LIMIT } from '../load-study.js';

export async function openWritableStore(path: string): Promise<Db> {
  const db = await Db.open(path, { memoryLimit: LOAD_MEMORY_LIMIT });
  try {
    await tidyAfterKilledWriter(db, path);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}
