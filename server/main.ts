// Starts the HTTP server on a store file: listen, log, and shut down cleanly on a signal.
import { Db } from '../engine/sql/db.js';
import { holdsUncommittedBlocks, tidyAfterKilledWriter } from '../engine/sql/killed-writer.js';
import { storeIsOutdated } from '../engine/sql/migrations.js';
import { StateStore, statePathOf } from '../engine/state/state-store.js';
import { buildApp, closeResident, openResident } from './app.js';
import { warmStudyView } from './warm-up.js';
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
}

/** DuckDB's memory while serving; a large sort (a million-row fetch) spills to disk beyond it. */
const SERVE_MEMORY_LIMIT = process.env.DUCKPORTAL_SERVE_MEMORY_LIMIT ?? '2GB';

export async function serve(options: ServeOptions): Promise<void> {
  await prepareStore(options.dbPath);
  const limits = options.limits ?? DEFAULT_LIMITS;
  const db = await Db.open(options.dbPath, { readOnly: true, memoryLimit: SERVE_MEMORY_LIMIT, turns: limits.query });
  const state = await StateStore.open(statePathOf(options.dbPath));
  const resident = await openResident(db, { warmStats: true });
  if (options.warmUp) {
    const started = performance.now();
    const { warmed, studies } = await warmStudyView(db, resident);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`Study View lookups of ${warmed} of ${studies} ${studies === 1 ? 'study' : 'studies'} built in ${seconds} s${warmed < studies ? ' (the rest on demand)' : ''}`);
  }
  const app = await buildApp({ db, logger: true, resident, settings: options.settings, frontend: options.frontend, tls: options.tls, limits, state, shedLoad: true });
  const stop = async () => {
    await app.close();
    await closeResident(resident);
    state.close();
    db.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  await app.listen({ port: options.port, host: options.host });
}

/**
 * Before serving a store read-only, a writable open brings a store written by an earlier version up
 * to date, or gives back the blocks a load killed mid-way left (engine/sql/killed-writer.ts). Only
 * then: a writable open would fail while another server reads the same store.
 */
async function prepareStore(dbPath: string): Promise<void> {
  const probe = await Db.open(dbPath, { readOnly: true });
  const outdated = await storeIsOutdated(probe);
  const killedWriter = await holdsUncommittedBlocks(probe, dbPath);
  probe.close();
  if (!outdated && !killedWriter) return;
  console.log(outdated ? `${dbPath} was written by an earlier version: bringing it up to date (once)` : `${dbPath}: giving back what a load killed mid-way left`);
  const db = await Db.open(dbPath, { memoryLimit: SERVE_MEMORY_LIMIT });
  try {
    await tidyAfterKilledWriter(db, dbPath);
  } finally {
    db.close();
  }
}
