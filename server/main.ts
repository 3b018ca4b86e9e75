// Starts the HTTP server on a store file: listen, log, and shut down cleanly on a signal.
import { Db } from '../engine/sql/db.js';
import { holdsUncommittedBlocks } from '../engine/sql/killed-writer.js';
import { withStoreWriter } from '../engine/sql/store-writer.js';
import { storeIsOutdated } from '../engine/sql/migrations.js';
import { StateStore, statePathOf } from '../engine/state/state-store.js';
import { createStatsPool } from '../engine/stats/pool/pool.js';
import { buildApp } from './app.js';
import { LiveStore, type Generation } from './live-store.js';
import { StudyViewWarmUp } from './warm-up.js';
import { DEFAULT_LIMITS, type Limits } from './config/limits.js';
import type { SecuritySettings } from './config/settings.js';
import type { FrontendConfig } from './config/frontend-config.js';
import type { TlsFiles } from './config/tls.js';

export interface ServeOptions {
  dbPath: string;
  port: number;
  host: string;
  settings?: SecuritySettings;
  /** The web front end's configuration (GET /config_service). */
  frontend?: FrontendConfig;
  /** Serve HTTPS with this certificate and key. */
  tls?: TlsFiles;
  /** Caps and timeouts (default: the documented ones). */
  limits?: Limits;
  /** Answer each study's opening Study View requests before listening (warm-up.ts). */
  warmUp?: boolean;
  /** The state store's PostgreSQL database, shared with other servers; default: the file beside the store. */
  stateUrl?: string;
}

/** DuckDB's memory while serving; a large sort (a million-row fetch) spills to disk beyond it. */
const SERVE_MEMORY_LIMIT = process.env.DUCKPORTAL_SERVE_MEMORY_LIMIT ?? '2GB';

export async function serve(options: ServeOptions): Promise<void> {
  await prepareStore(options.dbPath);
  const limits = options.limits ?? DEFAULT_LIMITS;
  const stats = createStatsPool({ warm: true });
  const log = (line: string) => console.log(line);
  const live = await LiveStore.open(options.dbPath, { stats, memoryLimit: SERVE_MEMORY_LIMIT, turns: limits.query, log });
  const warmUp = options.warmUp ? await StudyViewWarmUp.open(live) : undefined;
  if (warmUp) {
    // A new generation's lookups are all built again: the changed studies' first (the live
    // store serves it once they are warm, or after 3 s), then the others'.
    const warm = async (generation: Generation, changed: readonly string[] | undefined) => {
      await warmGeneration(warmUp, generation, changed);
      const others = [...generation.studies.keys()].filter((id) => !changed?.includes(id));
      if (changed !== undefined && others.length > 0) await warmGeneration(warmUp, generation, others);
    };
    await warm(live.current, undefined);
    live.warmNextGenerations(warm);
  }
  log(live.describe());
  const state = await StateStore.open(options.stateUrl ?? statePathOf(options.dbPath));
  const app = await buildApp({ live, logger: true, settings: options.settings, frontend: options.frontend, tls: options.tls, limits, state, shedLoad: true });
  const stop = async () => {
    await app.close();
    await warmUp?.close();
    await live.close();
    await stats.close();
    state.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  await app.listen({ port: options.port, host: options.host });
}

/** The Study View lookups of a generation's studies (`studyIds` only, if given), built before it is served. */
async function warmGeneration(warmUp: StudyViewWarmUp, generation: Generation, studyIds: readonly string[] | undefined): Promise<void> {
  const started = performance.now();
  const { warmed, studies } = await warmUp.warm(generation, { studyIds });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`generation ${generation.number}: Study View lookups of ${warmed} of ${studies} ${studies === 1 ? 'study' : 'studies'} built in ${seconds} s${warmed < studies ? ' (the rest on demand)' : ''}`);
}

/**
 * Before serving a store, a store written by an earlier version is brought up to date, or the
 * blocks a load killed mid-way left (engine/sql/killed-writer.ts) are given back: by publishing a
 * new generation of it (opening it for writing migrates and tidies), so that servers already
 * reading it are not disturbed.
 */
async function prepareStore(dbPath: string): Promise<void> {
  const probe = await Db.open(dbPath, { readOnly: true });
  const outdated = await storeIsOutdated(probe);
  const killedWriter = await holdsUncommittedBlocks(probe, dbPath);
  probe.close();
  if (!outdated && !killedWriter) return;
  console.log(outdated ? `${dbPath} was written by an earlier version: bringing it up to date (once)` : `${dbPath}: giving back what a load killed mid-way left`);
  await withStoreWriter(dbPath, { memoryLimit: SERVE_MEMORY_LIMIT }, async () => undefined);
}
