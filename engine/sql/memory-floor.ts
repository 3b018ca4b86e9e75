// DuckDB's memory_limit where a step needs a minimum whatever the data: a checkpoint pins blocks of
// every table it rewrites, a MAF's mapping joins a dozen lookups. Below its floor such a step fails
// (a checkpoint fatally), so it runs with at least that much and the setting is put back after.
import type { Db } from './db.js';
import { raw, sql } from './sql.js';

const UNITS: Record<string, number> = { b: 1, kb: 1e3, mb: 1e6, gb: 1e9, tb: 1e12, kib: 2 ** 10, mib: 2 ** 20, gib: 2 ** 30, tib: 2 ** 40 };

/** The bytes of a DuckDB memory setting such as '64MB', '2GiB' or '61.0 MiB'; Infinity if none or not understood (DuckDB's default is most of the machine). */
export function bytesOf(setting: string | undefined): number {
  const m = setting?.trim().match(/^(\d+(?:\.\d+)?)\s*([kmgt]i?b|b)?$/i);
  return m ? Number(m[1]) * UNITS[(m[2] ?? 'b').toLowerCase()] : Infinity;
}

/** Runs `work` with memory_limit raised to `floor` bytes if it is lower, then restores it. */
export async function withMemoryFloor<T>(db: Db, floor: number, work: () => Promise<T>): Promise<T> {
  const setting = (await db.one<{ limit: string }>(sql`SELECT current_setting('memory_limit') AS limit`))?.limit;
  if (bytesOf(setting) >= floor) return work();
  await db.exec(`SET memory_limit = '${floor}B'`);
  try {
    return await work();
  } finally {
    // The setting as DuckDB wrote it ('61.0 MiB'), never client text. After a DuckDB error the
    // connection may refuse it; the limit then stays raised until the store closes.
    await db.run(sql`SET memory_limit = ${raw(`'${setting}'`)}`).catch(() => undefined);
  }
}
