// The store a server reads, as it changes under it. Writers never touch the served file: they
// publish a new generation of it by renaming a finished copy over it (engine/sql/store-writer.ts).
// The live store notices (a stat of the path every second), opens the new file, builds its
// resident state (warming the studies that changed), and swaps: requests that arrived before keep
// the generation they started on until they end, the next ones get the new one; the old one is
// closed, with everything kept in memory for it, once its last request ended. Each generation owns
// its resident state (app.ts `Resident`: lookups, cohorts, kept answers); what was built from the
// studies a new generation holds unchanged (their load stamps, engine/sql/study-stamps.ts) is
// carried over to it (carry-over.ts), the rest is built again.
import { AsyncLocalStorage } from 'node:async_hooks';
import { statSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { Db, type QueryTurns } from '../engine/sql/db.js';
import { readStoreStamps, type StoreStamps } from '../engine/sql/study-stamps.js';
import type { StatsPool } from '../engine/stats/pool/pool.js';
import { changedStudies, deletedStudies, unchangedStudies } from './carry-over.js';
import { carryResident, closeResident, openResident, type Resident } from './resident.js';

/** What tells one file at the store's path from the next one published there. */
interface FileIdentity {
  ino: number;
  size: number;
  mtimeMs: number;
}

/** How often the store's path is checked for a new generation. */
const CHECK_INTERVAL_MS = 1000;
/** A retired generation is closed this long after its last request ended at the earliest (work a request started may still be finishing). */
const CLOSE_GRACE_MS = 2000;

export class Generation {
  private holders = 0;
  private retired?: () => void;

  constructor(
    /** 1 for the generation the server started on, then one more per swap. */
    readonly number: number,
    readonly db: Db,
    readonly resident: Resident,
    /** What identifies each study's load, and the reference data. */
    readonly stamps: StoreStamps,
    readonly identity?: FileIdentity,
  ) {}

  /** Each study's id → its key and load stamp. */
  get studies(): ReadonlyMap<string, string | undefined> {
    return this.stamps.studies;
  }

  /** Whether a newer generation replaced this one (it closes once nothing holds it). */
  get isRetired(): boolean {
    return this.retired !== undefined;
  }

  /** Holds the generation open until the function returned is called (once or more). */
  hold(): () => void {
    this.holders++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      if (--this.holders === 0) this.retired?.();
    };
  }

  /** Closes the generation, its resident state and its store, once nothing holds it. */
  retire(): Promise<void> {
    return new Promise((done) => {
      let closing = false;
      const close = () => {
        setTimeout(async () => {
          if (this.holders > 0 || closing) return;
          closing = true;
          await closeResident(this.resident);
          this.db.close();
          done();
        }, CLOSE_GRACE_MS).unref();
      };
      this.retired = close;
      if (this.holders === 0) close();
    });
  }
}

/** Prepares a generation before it is served; `changed`: the studies it loaded or replaced (undefined: all may have changed). */
type Warm = (generation: Generation, changed: readonly string[] | undefined) => Promise<void>;

export interface LiveStoreOptions {
  stats: StatsPool;
  memoryLimit?: string;
  turns?: QueryTurns;
  log?: (line: string) => void;
}

export class LiveStore {
  private generation: Generation;
  private warm?: Warm;
  private timer?: NodeJS.Timeout;
  private checking?: Promise<void>;
  private closed = false;

  private constructor(
    first: Generation,
    private readonly path: string | undefined,
    private readonly options: LiveStoreOptions | undefined,
  ) {
    this.generation = first;
  }

  /** One generation that never changes: a store and resident state the caller owns (tests, the warm-up's app). */
  static fixed(db: Db, resident: Resident): LiveStore {
    return new LiveStore(new Generation(1, db, resident, { studies: new Map(), reference: '' }), undefined, undefined);
  }

  /** The store at `path`, read-only, followed as writers publish new generations of it. */
  static async open(path: string, options: LiveStoreOptions): Promise<LiveStore> {
    const first = await openGeneration(path, 1, options);
    const live = new LiveStore(first, path, options);
    live.timer = setInterval(() => void live.check(), CHECK_INTERVAL_MS).unref();
    return live;
  }

  get current(): Generation {
    return this.generation;
  }

  /** Prepares each later generation with `warm` before it is served (for a few seconds at most: WARM_BEFORE_SWAP_MS). */
  warmNextGenerations(warm: Warm): void {
    this.warm = warm;
  }

  /** What is kept for the generation served now, for a log line. */
  describe(): string {
    return describe(this.generation);
  }

  /** Checks the path now, and swaps if a new generation was published (what the timer does every second). */
  check(): Promise<void> {
    this.checking ??= this.swapIfChanged().finally(() => (this.checking = undefined));
    return this.checking;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    await this.checking;
    if (this.path !== undefined) await this.generation.retire();
  }

  private async swapIfChanged(): Promise<void> {
    const path = this.path!;
    const options = this.options!;
    let identity: FileIdentity;
    try {
      identity = identityOf(path);
    } catch {
      return; // between a rename and the next check a path is never missing; a deleted store keeps the last generation
    }
    const old = this.generation;
    if (old.identity && sameFile(old.identity, identity)) return;
    let next: Generation | undefined;
    try {
      next = await openGeneration(path, old.number + 1, options);
      const changed = changedStudies(old.stamps, next.stamps);
      const removed = deletedStudies(old.stamps, next.stamps);
      const unchanged = unchangedStudies(old.stamps, next.stamps);
      // Reference data (genes, gene sets, panels): every study's lookups depend on it.
      const warmed = old.stamps.reference === next.stamps.reference ? changed : undefined;
      const carried = await this.carry(old, next, unchanged);
      await this.warmAWhile(next, warmed);
      // And what the old generation built while the new one was warmed.
      const late = await this.carry(old, next, unchanged);
      if (this.closed) throw new Error('closed');
      this.generation = next;
      const what = warmed === undefined ? ['reference data changed'] : [changed.length > 0 ? `changed: ${changed.join(', ')}` : '', removed.length > 0 ? `deleted: ${removed.join(', ')}` : ''];
      const kept = `carried over from generation ${old.number}: ${carried.lookups + late.lookups} lookups, ${carried.cohorts + late.cohorts} cohorts, ${carried.answers + late.answers} answers`;
      options.log?.(`${describe(next)}; ${[...what, kept].filter(Boolean).join('; ')}`);
      void old.retire();
    } catch (error) {
      if (next !== undefined && this.generation !== next) void next.retire();
      if (!this.closed) options.log?.(`${path}: a new generation could not be opened (${error instanceof Error ? error.message : String(error)}); still serving generation ${old.number}`);
    }
  }

  /** What `old` built from the studies `unchanged` alone, taken over by `next` (none if that fails: it is only work saved). */
  private async carry(old: Generation, next: Generation, unchanged: ReadonlySet<string>): Promise<{ lookups: number; cohorts: number; answers: number }> {
    try {
      return await carryResident(old.resident, next.resident, unchanged);
    } catch (error) {
      this.options?.log?.(`carrying resident state over to generation ${next.number} failed: ${error instanceof Error ? error.message : String(error)}`);
      return { lookups: 0, cohorts: 0, answers: 0 };
    }
  }

  /** Warms `next` (holding it meanwhile) until done or WARM_BEFORE_SWAP_MS passed. */
  private async warmAWhile(next: Generation, changed: readonly string[] | undefined): Promise<void> {
    const warm = this.warm;
    if (warm === undefined) return;
    const release = next.hold();
    const warming = warm(next, changed)
      .catch((error) => this.options?.log?.(`warming generation ${next.number} failed: ${error instanceof Error ? error.message : String(error)}`))
      .finally(release);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([warming, new Promise((done) => (timer = setTimeout(done, WARM_BEFORE_SWAP_MS)))]);
    clearTimeout(timer);
  }
}

/** A generation is served once warm, or after this long, its warm-up going on meanwhile. */
const WARM_BEFORE_SWAP_MS = 3000;

async function openGeneration(path: string, number: number, options: LiveStoreOptions): Promise<Generation> {
  const identity = identityOf(path);
  const db = await Db.open(path, { readOnly: true, memoryLimit: options.memoryLimit, turns: options.turns });
  try {
    const stamps = await readStoreStamps(db);
    const resident = await openResident(db, { stats: options.stats });
    return new Generation(number, db, resident, stamps, identity);
  } catch (error) {
    db.close();
    throw error;
  }
}

function identityOf(path: string): FileIdentity {
  const { ino, size, mtimeMs } = statSync(path);
  return { ino, size, mtimeMs };
}

const sameFile = (a: FileIdentity, b: FileIdentity) => a.ino === b.ino && a.size === b.size && a.mtimeMs === b.mtimeMs;

function describe(g: Generation): string {
  const m = g.resident.matrices.usage();
  return `serving generation ${g.number} (${g.studies.size} ${g.studies.size === 1 ? 'study' : 'studies'}): ${m.entries} lookups kept, ${(m.bytes / 2 ** 20).toFixed(1)} MB`;
}

/** The generation each request holds, from its arrival to the end of its answer (or its abort). */
const held = new AsyncLocalStorage<Generation>();

/**
 * Every request holds the generation current at its arrival until its answer ended, and reads
 * that one alone (`generationOf`), so that no answer mixes two generations. (Work a request left
 * running still sees its generation; once closed, that generation has dropped what it kept.)
 */
export function installGenerationHolds(app: FastifyInstance, live: LiveStore): void {
  app.addHook('onRequest', (_request, reply, done) => {
    // A request made within withGeneration (the warm-up's) holds the generation it names.
    const generation = held.getStore() ?? live.current;
    const release = generation.hold();
    reply.raw.once('close', release);
    reply.raw.once('finish', release);
    held.run(generation, done);
  });
}

/** The generation the current request holds; outside a request, the current one. */
export const generationOf = (live: LiveStore): Generation => held.getStore() ?? live.current;

/** Runs `work` with `generation` as the one its requests (app.inject) hold. */
export const withGeneration = <T>(generation: Generation, work: () => Promise<T>): Promise<T> => held.run(generation, work);
