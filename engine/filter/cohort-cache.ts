// Materialised cohorts. The Study View sends a dozen requests with the same StudyViewFilter on
// every click; the first computes the cohort's sample keys into a table of a scratch database, the
// others read that table. A cohort computed in memory (engine/resident/cohort-keys.ts) keeps its
// keys, and its table is written only when a statement first reads it (`needing`): most answers
// count over the keys alone. A generation of the store never changes, so an entry never goes
// stale; the least recently used entries are dropped beyond `capacity`, once unused for a minute
// (a request still reading a table must not lose it). A cohort found to hold every sample of its studies
// (a filter that excludes nothing, or a sampleIdentifiers list of a whole study) is marked
// `wholeStudies`, so that queries test study keys instead of probing the table. The cohorts of
// studies that did not change are copied to the next generation's cache (`carryFrom`) under the
// same table names: names are unique in the process, so a name kept in another key (a kept
// answer's, a lookup's) never names another cohort.
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { ownPrefix, removeDeadProcessesFiles } from '../dead-process-files.js';
import type { Db } from '../sql/db.js';
import { digestOf, needing, raw, sql, type Before, type Fragment } from '../sql/sql.js';
import type { DependsOn } from '../sql/study-stamps.js';
import type { Cohort } from './compile.js';

const SCHEMA = 'cohort_cache';

/** Its scratch files in the temporary folder, `<prefix><pid>-<uuid>.duckdb` (engine/dead-process-files.ts). */
const SCRATCH_PREFIX = 'duckportal-cohorts-';

/** What queries deriving tables from the store need of the cache. */
export type DerivedTables = Pick<CohortCache, 'derived'>;

export interface CohortCacheOptions {
  /** Entries kept (default 64). */
  capacity?: number;
  /** An entry used this recently is never dropped (default 60 s). */
  graceMs?: number;
}

interface Materialised {
  name: string;
  /** Set when the cohort is every sample of these studies. */
  wholeStudyKeys?: number[];
  /** The sample keys, ascending, when they were computed in memory. */
  keys?: Int32Array;
  /** Then the table is written from them the first time a statement reads it (most Study View answers read only the keys). */
  written?: Before;
}

/** A cohort's sample keys computed in memory (engine/resident/cohort-keys.ts). */
export interface ResidentCohort {
  /** Ascending. */
  keys: Int32Array;
  /** Set when the cohort is every sample of these studies. */
  wholeStudyKeys?: number[];
}

interface Entry {
  table: Promise<Materialised>;
  lastUsed: number;
  /** The studies of the filter (default: the whole store). */
  dependsOn: DependsOn;
  /** Set once the table is written. */
  settled?: Materialised;
}

/** Tables made by the caches of this process, so far (their names: c1, c2, …). */
let tablesMade = 0;

export class CohortCache {
  /** Cache key -> entry, least recently used first. */
  private readonly entries = new Map<string, Entry>();
  private readonly derivedTables = new Map<string, Promise<Fragment>>();
  /**
   * Tables written from kept keys after their entry was dropped (a request still holding the
   * cohort read it late): name -> when written. Dropped once unused for the grace time, as entries are.
   */
  private readonly orphans = new Map<string, number>();

  private carriedCount = 0;

  private constructor(private readonly db: Db, private readonly path: string, private readonly options: Required<CohortCacheOptions>) {}

  /** Attaches a scratch database file of its own (a read-only store cannot hold tables). */
  static async open(db: Db, options: CohortCacheOptions = {}): Promise<CohortCache> {
    removeDeadProcessesFiles(SCRATCH_PREFIX);
    const path = `${ownPrefix(SCRATCH_PREFIX)}${randomUUID()}.duckdb`;
    // The path is ours (tmpdir + uuid); single quotes cannot occur in it.
    await db.exec(`ATTACH '${path}' AS ${SCHEMA} (READ_WRITE)`);
    return new CohortCache(db, path, { capacity: options.capacity ?? 64, graceMs: options.graceMs ?? 60_000 });
  }

  /** Materialised cohorts held now. */
  get size(): number {
    return this.entries.size;
  }

  /**
   * The same cohort read from its materialised table (whole-study cohorts are cheap as they are).
   * `resident`: computes its keys in memory, the table then being written from them.
   */
  async resolve(cohort: Cohort, resident?: () => Promise<ResidentCohort>): Promise<Cohort> {
    if (cohort.wholeStudies !== undefined) return cohort;
    const key = digestOf(cohort);
    const dependsOn = cohort.dependsOn;
    let entry = this.entries.get(key);
    if (entry === undefined) {
      const created: Entry = { table: resident ? this.fromKeys(resident) : this.materialise(cohort), lastUsed: 0, dependsOn };
      created.table.then((m) => (created.settled = m), () => this.entries.delete(key));
      entry = created;
    } else {
      this.entries.delete(key);
    }
    entry.lastUsed = Date.now();
    this.entries.set(key, entry);
    await this.evict();
    const { name, wholeStudyKeys, keys, written } = await entry.table;
    const select = sql`SELECT sample_key FROM ${raw(`${SCHEMA}.${name}`)}`;
    const table = Object.assign(written ? needing(select, written) : select, { dependsOn, sampleKeys: keys });
    return wholeStudyKeys === undefined ? table : Object.assign(table, { wholeStudies: sql`SELECT unnest(${wholeStudyKeys}::INTEGER[])` });
  }

  /**
   * Copies the cohorts of `earlier` (the previous generation's cache) that were written and that
   * `valid` says this generation's store holds the same (server/carry-over.ts), unless this one has
   * them already, least recently used first; says how many.
   */
  async carryFrom(earlier: CohortCache, valid: (dependsOn: DependsOn) => boolean): Promise<number> {
    let carried = 0;
    for (const [key, entry] of [...earlier.entries]) {
      const materialised = entry.settled;
      if (materialised === undefined || !valid(entry.dependsOn) || this.entries.has(key)) continue;
      if (materialised.keys !== undefined) {
        // Its keys pass; its table is written in this generation's scratch database when first read.
        const { name, wholeStudyKeys, keys } = materialised;
        const copy = { name, wholeStudyKeys, keys, written: this.writer(name, keys) };
        this.entries.set(key, { table: Promise.resolve(copy), lastUsed: entry.lastUsed, dependsOn: entry.dependsOn, settled: copy });
        carried++;
        continue;
      }
      const table = raw(`${SCHEMA}.${materialised.name}`);
      // The earlier cache may drop the table meanwhile: then it is not carried.
      const keys = await earlier.db.numericColumns(sql`SELECT sample_key::DOUBLE FROM ${table}`).then(([k]) => k ?? new Float64Array(0), () => undefined);
      if (keys === undefined || this.entries.has(key)) continue; // (or a request of this generation made it meanwhile)
      await this.db.run(sql`CREATE TABLE ${table} AS SELECT unnest(${[...keys]}::INTEGER[]) AS sample_key ORDER BY sample_key`);
      this.entries.set(key, { table: Promise.resolve(materialised), lastUsed: entry.lastUsed, dependsOn: entry.dependsOn, settled: materialised });
      carried++;
    }
    this.carriedCount += carried;
    return carried;
  }

  /** Cohorts copied from an earlier generation's cache. */
  get carried(): number {
    return this.carriedCount;
  }

  /**
   * A table derived from the store, created once in the scratch database under `name` (a constant
   * of ours) from `select`: e.g. each patient's earliest start of each treatment, which every
   * treatment count reads. The store is read-only while served, so it never goes stale.
   */
  derived(name: string, select: Fragment): Promise<Fragment> {
    let table = this.derivedTables.get(name);
    if (table === undefined) {
      const fragment = raw(`${SCHEMA}.derived_${name}`);
      table = this.db.run(sql`CREATE TABLE ${fragment} AS ${select}`).then(() => fragment);
      table.catch(() => this.derivedTables.delete(name));
      this.derivedTables.set(name, table);
    }
    return table;
  }

  async close(): Promise<void> {
    await this.db.exec(`DETACH ${SCHEMA}`);
    for (const suffix of ['', '.wal']) rmSync(this.path + suffix, { force: true });
  }

  private async materialise(cohort: Cohort): Promise<Materialised> {
    const name = `c${++tablesMade}`;
    const table = raw(`${SCHEMA}.${name}`);
    await this.db.run(sql`CREATE TABLE ${table} AS SELECT DISTINCT sample_key FROM (${cohort}) ORDER BY sample_key`);
    const whole = await this.db.one<{ keys: number[] | null; whole: boolean }>(sql`
      WITH studies AS (SELECT s.study_key, count(*) AS n FROM ${table} c JOIN sample s USING (sample_key) GROUP BY s.study_key)
      SELECT list(study_key) AS keys,
        coalesce(bool_and(n = (SELECT count(*) FROM sample x WHERE x.study_key = studies.study_key)), false) AS whole
      FROM studies`);
    return { name, wholeStudyKeys: whole?.whole && whole.keys !== null ? whole.keys : undefined };
  }

  private async fromKeys(resident: () => Promise<ResidentCohort>): Promise<Materialised> {
    const { keys, wholeStudyKeys } = await resident();
    const name = `c${++tablesMade}`;
    return { name, wholeStudyKeys, keys, written: this.writer(name, keys) };
  }

  /**
   * Writes a cohort's table from its keys (ascending), once, when first asked to. Asked after its
   * entry was dropped, the table is still written (the statement reading it answers), then
   * dropped as an orphan: nothing the cache no longer holds outlives the grace time.
   */
  private writer(name: string, keys: Int32Array): Before {
    let written: Promise<void> | undefined;
    return () => (written ??= this.db.run(sql`CREATE TABLE ${raw(`${SCHEMA}.${name}`)} AS SELECT unnest(${Array.from(keys)}::INTEGER[]) AS sample_key`).then(() => {
      if (!this.holds(name)) this.orphans.set(name, Date.now());
    }));
  }

  private holds(name: string): boolean {
    for (const entry of this.entries.values()) if (entry.settled?.name === name) return true;
    return false;
  }

  private async evict(): Promise<void> {
    for (const [name, writtenAt] of this.orphans) {
      if (Date.now() - writtenAt < this.options.graceMs) continue;
      this.orphans.delete(name);
      await this.db.exec(`DROP TABLE IF EXISTS ${SCHEMA}.${name}`);
    }
    while (this.entries.size > this.options.capacity) {
      const [key, oldest] = this.entries.entries().next().value!;
      if (Date.now() - oldest.lastUsed < this.options.graceMs) return;
      this.entries.delete(key);
      const name = (await oldest.table.catch(() => undefined))?.name;
      if (name !== undefined) await this.db.exec(`DROP TABLE IF EXISTS ${SCHEMA}.${name}`);
    }
  }
}
