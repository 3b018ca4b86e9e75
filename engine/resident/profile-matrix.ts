// Resident profile matrices. An enrichment or a co-expression reads a whole profile (a
// transcriptome over thousands of samples: hundreds of millions of cells); reading it from the
// store on every request takes seconds, so the first request of a profile reads its cells once
// into a dense row-major matrix (rows: entities, columns: samples, NaN where a cell has no
// number) in memory shared with the statistics pool, and later requests run there. The store is
// read-only while served, so a matrix never goes stale. Matrices (with what is derived from them:
// log2 values, row totals, row ranks) and other lookups read once (`keep`: resident-lookups.ts)
// are kept within a memory budget, least recently used dropped first; one larger than the whole
// budget is read for its request only. Each entry names the studies it was read from (a profile's:
// its study; undefined: the whole store), so that the next generation of the store can take over
// those of studies that did not change (`carryFrom`; server/carry-over.ts).
import { totalmem } from 'node:os';
import { pause } from '../pause.js';
import type { ReadOnlyDb } from '../sql/db.js';
import { concatenate } from '../sql/numeric-chunks.js';
import { sql, type Fragment } from '../sql/sql.js';
import type { DependsOn } from '../sql/study-stamps.js';
import { numberOfCellText } from '../resources/molecular-data-value.js';
import { allocateRanks } from '../stats/matrix-ranks.js';
import type { RankMemory } from '../stats/rank-dot.js';
import type { StatsPool } from '../stats/pool/pool.js';

/** Cells per pool task: big enough that a task's overhead is negligible, small enough to spread. */
const CELLS_PER_TASK = 4_000_000;

/** Cells the main thread fills between two turns of the event loop. */
const CELLS_PER_PAUSE = 1_000_000;

export interface ProfileMatrix {
  /** Entity ids (Entrez ids, generic-assay entity keys), ascending: row r holds entities[r]. */
  entities: Float64Array;
  /** Sample keys, ascending: column c holds samples[c]. */
  samples: Float64Array;
  /** entities.length × samples.length cells, row-major; NaN = no number. Shared with the pool. */
  values: Float64Array;
  /** Per row, 1 when it has a NaN cell. Shared with the pool. */
  missing: Uint8Array;
}

/** Doubled midranks of each row's numbers, and per row (distinct values, sum of squared ranks) (matrix-ranks.ts). */
export interface RowRanks {
  ranks: Uint16Array | Uint32Array;
  /** The memory holding `ranks` when the SIMD dot product takes them (rank-dot.ts). */
  memory?: RankMemory;
  rowRanks: Float64Array;
}

export interface ProfileMatricesOptions {
  /** Bytes of matrices kept (default: a quarter of the machine's memory, or DUCKPORTAL_MATRIX_MEMORY_MB). */
  budget?: number;
  /** Each profile's study id, by profile key (`dependsOnProfile`; default: none known, so a profile's entries depend on the whole store). */
  profileStudies?: ReadonlyMap<number, string>;
}

/** What every kept entry has: the bytes it holds, whether it was read whole, and the studies it was read from. */
abstract class Kept {
  bytes = 0;
  /** Read whole from the store (what a later generation may take over: nothing more is read from this one). */
  settled = false;
  dependsOn: DependsOn = undefined;
}

/** One profile's matrix and what is derived from it, each computed on first use. */
export class ResidentProfile extends Kept {
  /**
   * The matrix; read `log2`, its values are log2(max(x, 0) + 1) of the cells, transformed in
   * place once the cells are ranked (so that the untransformed values need not be kept).
   */
  readonly matrix: Promise<ProfileMatrix>;
  private readonly derived = new Map<string, Promise<unknown>>();

  /** `grown`: called when what the profile holds grew (its owner's, `adopt`). */
  constructor(db: ReadOnlyDb, private readonly stats: StatsPool, cells: Fragment, private readonly log2InPlace: boolean, private grown: () => void) {
    super();
    const raw = readMatrix(db, cells);
    this.matrix = log2InPlace ? raw.then(async (m) => {
      await this.rankRows(m);
      await overRows(m, (from, to) => this.stats.run('log2MatrixRows', { values: m.values, out: m.values, columnCount: m.samples.length, from, to }));
      return m;
    }) : raw;
    this.matrix.then((m) => {
      this.settled = true;
      this.grow(m.values.byteLength + m.missing.byteLength);
    }, () => {});
  }

  /** Reports growth to `grown` from now on (a later generation's matrices took the profile over). */
  adopt(grown: () => void): void {
    this.grown = grown;
  }

  /**
   * What `compute` derives from the matrix, computed once and kept with it; `bytes` counts what
   * it holds against the budget (typed arrays; small things need not).
   */
  derive<T>(name: string, compute: (m: ProfileMatrix) => Promise<T>, bytes: (t: T) => number = () => 0): Promise<T> {
    return this.memo(name, () => this.matrix.then(compute), bytes);
  }

  /** `compute`'s value under `name`, computed once (forgotten if it fails) and counted with the profile. */
  private memo<T>(name: string, compute: () => Promise<T>, bytes: (t: T) => number): Promise<T> {
    let value = this.derived.get(name) as Promise<T> | undefined;
    if (!value) {
      value = compute();
      value.then((t) => this.grow(bytes(t)), () => this.derived.delete(name));
      this.derived.set(name, value);
    }
    return value;
  }

  /** log2(max(x, 0) + 1) of every cell, as the enrichments transform RNA-seq values. */
  log2(): Promise<Float64Array> {
    if (this.log2InPlace) return this.matrix.then((m) => m.values);
    return this.derive('log2', async (m) => {
      const out = new Float64Array(new SharedArrayBuffer(m.values.byteLength));
      await overRows(m, (from, to) => this.stats.run('log2MatrixRows', { values: m.values, out, columnCount: m.samples.length, from, to }));
      return out;
    }, (out) => out.byteLength);
  }

  /** Per row, the count, mean and squared deviations of its numbers (log2-transformed or not), for summaries by complement. */
  totals(log2: boolean): Promise<Float64Array> {
    return this.derive(log2 ? 'log2 totals' : 'totals', async (m) => {
      const values = log2 ? await this.log2() : m.values;
      const parts = await overRows(m, (from, to) => this.stats.run('matrixRowTotals', { values, columnCount: m.samples.length, from, to }));
      return concatenate(parts, true);
    }, (out) => out.byteLength);
  }

  /** Each row's ranks among its numbers, of the untransformed values (for co-expressions). */
  ranks(): Promise<RowRanks> {
    return this.matrix.then((m) => this.rankRows(m));
  }

  /** Ranks `m`'s rows once (a profile read `log2` before its transformation, so not through derive). */
  private rankRows(m: ProfileMatrix): Promise<RowRanks> {
    return this.memo('ranks', async () => {
      const { ranks, memory } = allocateRanks(m.values.length, m.samples.length);
      const rowRanks = new Float64Array(2 * m.entities.length);
      await overRows(m, async (from, to) => {
        rowRanks.set(await this.stats.run('rankMatrixRows', { values: m.values, ranks, columnCount: m.samples.length, missing: m.missing, from, to }), 2 * from);
      });
      return { ranks, memory, rowRanks };
    }, (r) => (r.memory?.memory.buffer.byteLength ?? r.ranks.byteLength) + r.rowRanks.byteLength);
  }

  private grow(bytes: number): void {
    this.bytes += bytes;
    this.grown();
  }
}

/** Something else read from the store once and kept within the same budget (`ProfileMatrices.keep`). */
class ResidentValue<T> extends Kept {
  constructor(readonly value: Promise<T>) {
    super();
  }
}

export class ProfileMatrices {
  /** Key → profile or other resident value, least recently used first. */
  private readonly entries = new Map<string, ResidentProfile | ResidentValue<unknown>>();
  private readonly budget: number;
  private readonly profileStudies: ReadonlyMap<number, string>;
  /** Entries read from the store, per study they were read from. */
  private readonly builds = new Map<string, number>();
  /** Entries read from the whole store. */
  private wholeStoreBuilds = 0;
  /** Entries taken over from an earlier generation. */
  private carried = 0;
  /** forList's values, per kind and list. */
  private readonly listMemos = new Map<string, WeakMap<object, Promise<unknown>>>();

  constructor(private readonly db: ReadOnlyDb, private readonly stats: StatsPool, options: ProfileMatricesOptions = {}) {
    const mb = Number(process.env.DUCKPORTAL_MATRIX_MEMORY_MB);
    this.budget = options.budget ?? (mb > 0 ? mb * 2 ** 20 : totalmem() / 4);
    this.profileStudies = options.profileStudies ?? new Map();
  }

  /** What an entry read from the profile `profileKey` alone depends on: its study, if known. */
  dependsOnProfile(profileKey: number): DependsOn {
    const study = this.profileStudies.get(profileKey);
    return study === undefined ? undefined : [study];
  }

  /**
   * The profile whose cells are `cells` (entity, sample_key, x: DOUBLE or NULL; one row per
   * entity and sample); `key` names it (the profile, and how its cells are read). `log2`: keep
   * the values only log2-transformed (ResidentProfile.matrix). `dependsOn`: the studies `cells` reads.
   */
  get(key: string, cells: Fragment, options: { log2?: boolean; dependsOn?: DependsOn } = {}): ResidentProfile {
    const entry = this.touch(key);
    if (entry instanceof ResidentProfile) return entry;
    const created = new ResidentProfile(this.db, this.stats, cells, options.log2 ?? false, () => this.shrink(created));
    created.matrix.catch(() => this.entries.get(key) === created && this.entries.delete(key));
    this.add(key, created, options.dependsOn);
    return created;
  }

  /**
   * What `build` reads, once, kept under `key` (distinct from the profiles' keys) like a profile:
   * `bytes` estimates its size against the budget. `dependsOn`: the studies `build` reads (default: the whole store).
   */
  keep<T>(key: string, build: () => Promise<T>, bytes: (t: T) => number, dependsOn?: DependsOn): Promise<T> {
    const entry = this.touch(key);
    if (entry instanceof ResidentValue) return entry.value as Promise<T>;
    const created = new ResidentValue(build());
    created.value.then((t) => {
      created.bytes = bytes(t);
      created.settled = true;
      this.shrink(created);
    }, () => this.entries.get(key) === created && this.entries.delete(key));
    this.add(key, created, dependsOn);
    return created.value;
  }

  /**
   * Takes over the entries of `earlier` (the previous generation's) that were read whole and that
   * `valid` says this generation's store holds the same (server/carry-over.ts), unless this one has
   * them already, least recently used first; says how many.
   */
  carryFrom(earlier: ProfileMatrices, valid: (dependsOn: DependsOn) => boolean): number {
    let carried = 0;
    for (const [key, entry] of earlier.entries) {
      if (!entry.settled || !valid(entry.dependsOn) || this.entries.has(key)) continue;
      if (entry instanceof ResidentProfile) entry.adopt(() => this.shrink(entry));
      this.entries.set(key, entry);
      carried++;
    }
    this.carried += carried;
    this.shrink();
    return carried;
  }

  /** Entries read from the store: of the whole store, and per study they were read from; and those taken over from an earlier generation. */
  buildCounts(): { wholeStore: number; byStudy: Record<string, number>; carried: number } {
    return { wholeStore: this.wholeStoreBuilds, byStudy: Object.fromEntries([...this.builds].sort(([a], [b]) => a.localeCompare(b))), carried: this.carried };
  }

  private add(key: string, entry: ResidentProfile | ResidentValue<unknown>, dependsOn: DependsOn): void {
    entry.dependsOn = dependsOn;
    if (dependsOn === undefined) this.wholeStoreBuilds++;
    for (const study of dependsOn ?? []) this.builds.set(study, (this.builds.get(study) ?? 0) + 1);
    this.entries.set(key, entry);
  }

  /**
   * What `build` derives from one list object (a long list remembered across requests: a Study
   * View's sampleIdentifiers, a survival chart's patients), once per generation and `kind`. Kept
   * while both the list and this generation live, outside the budget: the list is kept within the
   * remembered lists' own (server/remembered-lists.ts), and what is derived from it is smaller.
   */
  forList<T>(kind: string, list: object, build: () => Promise<T>): Promise<T> {
    let memos = this.listMemos.get(kind);
    if (memos === undefined) this.listMemos.set(kind, (memos = new WeakMap()));
    let value = memos.get(list) as Promise<T> | undefined;
    if (value === undefined) {
      const built = build();
      memos.set(list, (value = built));
      built.catch(() => memos.get(list) === built && memos.delete(list));
    }
    return value;
  }

  /** Keys of the entries kept now, least recently used first. */
  keys(): string[] {
    return [...this.entries.keys()];
  }

  /** The entries kept now and the bytes they take (entries still being read count once read). */
  usage(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.keptBytes() };
  }

  /** Each entry kept now (its key and bytes), least recently used first, and the budget. */
  report(): { budgetBytes: number; entries: { key: string; bytes: number }[] } {
    return { budgetBytes: this.budget, entries: [...this.entries].map(([key, e]) => ({ key, bytes: e.bytes })) };
  }

  /** Drops every entry (the generation of the store they were read from is closed). */
  clear(): void {
    this.entries.clear();
    this.listMemos.clear();
  }

  /** The share of the budget the entries kept now take (entries still being read count once read). */
  keptShare(): number {
    return this.keptBytes() / this.budget;
  }

  private keptBytes(): number {
    let total = 0;
    for (const e of this.entries.values()) total += e.bytes;
    return total;
  }

  /** The entry of `key`, now the most recently used. */
  private touch(key: string): ResidentProfile | ResidentValue<unknown> | undefined {
    const entry = this.entries.get(key);
    if (entry) {
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }

  /**
   * Drops the least recently used entries while over the budget, `grown` (the one a request is
   * reading) last: it goes only if over the budget alone. A request holding a dropped entry
   * keeps it until it answers.
   */
  private shrink(grown?: ResidentProfile | ResidentValue<unknown>): void {
    let total = this.keptBytes();
    const order = [...this.entries].sort(([, a], [, b]) => Number(a === grown) - Number(b === grown));
    for (const [key, e] of order) {
      if (total <= this.budget) break;
      this.entries.delete(key);
      total -= e.bytes;
    }
  }
}

/** Rows of `columnCount` cells in ranges of about CELLS_PER_TASK cells, [from, to) each: a pool task each. */
export function rowRanges(rows: number, columnCount: number): [number, number][] {
  const step = Math.max(1, Math.floor(CELLS_PER_TASK / Math.max(1, columnCount)));
  const ranges: [number, number][] = [];
  for (let from = 0; from < rows; from += step) ranges.push([from, Math.min(rows, from + step)]);
  return ranges;
}

/** Runs `task` over each of the rowRanges at once (the pool queues them). */
function overRows<T>(m: ProfileMatrix, task: (from: number, to: number) => Promise<T>): Promise<T[]> {
  return Promise.all(rowRanges(m.entities.length, m.samples.length).map(([from, to]) => task(from, to)));
}

/** Reads `cells` into a dense matrix: its entities and samples first, then every cell, streamed. */
async function readMatrix(db: ReadOnlyDb, cells: Fragment): Promise<ProfileMatrix> {
  const [entities] = await db.numericColumns(sql`SELECT DISTINCT entity::DOUBLE FROM (${cells}) ORDER BY 1`);
  const [samples] = await db.numericColumns(sql`SELECT DISTINCT sample_key::DOUBLE FROM (${cells}) ORDER BY 1`);
  const rowCount = entities?.length ?? 0;
  const columnCount = samples?.length ?? 0;
  const values = new Float64Array(new SharedArrayBuffer(rowCount * columnCount * 8));
  const missing = new Uint8Array(new SharedArrayBuffer(rowCount));
  if (rowCount === 0 || columnCount === 0) return { entities: new Float64Array(0), samples: new Float64Array(0), values, missing };
  // Cells start as NaN, in steps between which other requests get their turn.
  for (let from = 0; from < values.length; from += CELLS_PER_PAUSE) {
    values.fill(NaN, from, from + CELLS_PER_PAUSE);
    await pause();
  }

  const rowOf = new Map<number, number>();
  entities.forEach((e, r) => rowOf.set(e, r));
  // Sample keys are dense integers: a lookup array over their range.
  const lowest = samples[0];
  const columnOf = new Int32Array(samples[columnCount - 1] - lowest + 1);
  samples.forEach((s, c) => (columnOf[s - lowest] = c));
  const filled = new Int32Array(rowCount);
  let lastEntity = NaN;
  let base = 0;
  let row = 0;
  for await (const [entity, sample, x] of db.numericStream(sql`SELECT entity::DOUBLE, sample_key::DOUBLE, x::DOUBLE FROM (${cells})`)) {
    for (let i = 0; i < entity.length; i++) {
      if (entity[i] !== lastEntity) {
        lastEntity = entity[i];
        row = rowOf.get(lastEntity)!;
        base = row * columnCount;
      }
      const value = x[i];
      if (value !== value) continue;
      values[base + columnOf[sample[i] - lowest]] = value;
      filled[row]++;
    }
  }
  for (let r = 0; r < rowCount; r++) missing[r] = filled[r] < columnCount ? 1 : 0;
  return { entities, samples, values, missing };
}

/** Column of each sample key in the matrix (-1 when it has none), by binary search. */
export function columnsOf(m: ProfileMatrix, sampleKeys: ArrayLike<number>): Int32Array {
  const out = new Int32Array(sampleKeys.length);
  for (let i = 0; i < sampleKeys.length; i++) {
    const key = sampleKeys[i];
    let lo = 0;
    let hi = m.samples.length - 1;
    out[i] = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (m.samples[mid] === key) {
        out[i] = mid;
        break;
      }
      if (m.samples[mid] < key) lo = mid + 1;
      else hi = mid - 1;
    }
  }
  return out;
}

/**
 * The reference transforms values by log2(max(x, 0) + 1) when the profile's id names RNA-seq data
 * (binary generic assays included).
 */
export const transformsToLog2 = (profile: { stable_id: string }) => profile.stable_id.includes('rna_seq');

/**
 * A gene profile's numbers (gene_value.number); an RNA-seq profile's only log2-transformed, as
 * the enrichments read them (co-expressions read ranks, made before the transformation).
 */
export function geneProfile(matrices: ProfileMatrices, profile: { profile_key: number; stable_id: string }): ResidentProfile {
  return matrices.get(`gene:${profile.profile_key}`, sql`SELECT entrez_gene_id AS entity, sample_key, number AS x FROM gene_value WHERE profile_key = ${profile.profile_key}`, {
    log2: transformsToLog2(profile), dependsOn: matrices.dependsOnProfile(profile.profile_key),
  });
}

/**
 * A generic-assay profile's numbers: 'numeric', each cell's decimal text; 'binary' also reads
 * 'true'/'yes' as 1 and 'false'/'no' as 0 (exact, as the reference).
 */
export function genericAssayProfile(matrices: ProfileMatrices, profileKey: number, read: 'numeric' | 'binary'): ResidentProfile {
  const number = numberOfCellText(sql`value`);
  const x = read === 'binary' ? sql`CASE WHEN value IN ('true', 'yes') THEN 1.0 WHEN value IN ('false', 'no') THEN 0.0 ELSE ${number} END` : number;
  return matrices.get(`generic-assay-${read}:${profileKey}`, sql`SELECT entity_key AS entity, sample_key, ${x} AS x FROM generic_assay_value WHERE profile_key = ${profileKey}`, {
    dependsOn: matrices.dependsOnProfile(profileKey),
  });
}
