// The sub-commands of `duckportal`; each opens the store it is given and closes it again.
import { existsSync } from 'node:fs';
import { Db } from '../engine/sql/db.js';
import { sql } from '../engine/sql/sql.js';
import { importCosmic } from '../loaders/reference/cosmic-import.js';
import { importGenesets } from '../loaders/reference/genesets-import.js';
import { importGenes } from '../loaders/reference/genes-import.js';
import { deleteStudyRows } from '../loaders/store/delete-study.js';
import { withWritableStore } from '../loaders/store/open-store.js';
import { generateDemoStudy } from '../bench/demo/generate-demo-study.js';
import { readLimits } from '../server/config/limits.js';
import { readSettings } from '../server/config/settings.js';
import { readFrontendConfig } from '../server/config/frontend-config.js';
import { readTls } from '../server/config/tls.js';
import { readStateUrl } from '../server/config/state-url.js';
import { StateStore, statePathOf } from '../engine/state/state-store.js';
import { grantAuthority, listUsers, revokeAuthority } from '../engine/state/users.js';
import { buildDemoStore } from './demo-store.js';
import { startProgress } from './progress.js';
import { loadCommand, printSummary } from './load-command.js';
import { validateCommand } from './validate-command.js';
import { UsageError } from './usage-error.js';

export type Options = Partial<Record<'db' | 'html' | 'port' | 'host' | 'out' | 'samples' | 'seed' | 'genome' | 'version' | 'config' | 'state', string> & Record<'no-warm-up', boolean>>;
export type Command = (args: string[], options: Options) => Promise<void>;

const DEMO_DIR = '.duckportal';

/** The server, imported only by the commands that serve: the other commands start in a third of the time. */
const serve: typeof import('../server/main.js').serve = async (options) => (await import('../server/main.js')).serve(options);

function need<T>(value: T | undefined, what: string): T {
  if (value === undefined || value === '') throw new UsageError(`missing ${what}`);
  return value;
}

/** Runs `work` on the next generation of the store, published if it succeeds (engine/sql/store-writer.ts). */
function withStore<T>(options: Options, work: (db: Db) => Promise<T>): Promise<T> {
  return withWritableStore(need(options.db, '--db <file>'), work);
}

/** Runs `work` on the store as it is served, read-only: it may be served meanwhile. */
async function readStore<T>(options: Options, work: (db: Db) => Promise<T>): Promise<T> {
  const dbPath = need(options.db, '--db <file>');
  if (!existsSync(dbPath)) throw new UsageError(`no store at ${dbPath}`);
  const db = await Db.open(dbPath, { readOnly: true });
  try {
    return await work(db);
  } finally {
    db.close();
  }
}

/** The state store (users, authorities, tokens, virtual studies): `--state` or duckportal.state.url, else the file beside the study store. */
async function withState<T>(options: Options, work: (state: StateStore) => Promise<T>): Promise<T> {
  const state = await StateStore.open(readStateUrl(options.state, options.config) ?? statePathOf(existingStore(options)));
  try {
    return await work(state);
  } finally {
    state.close();
  }
}

function existingStore(options: Options): string {
  const dbPath = need(options.db, '--db <file> (or --state <postgresql://…>)');
  if (!existsSync(dbPath)) throw new UsageError(`no store at ${dbPath}`);
  return dbPath;
}

function integer(value: string | undefined, fallback: number, what: string): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value)) throw new UsageError(`${what} must be a non-negative integer`);
  return Number(value);
}

export const commands: Record<string, Command> = {
  'genes import': async ([path], options) =>
    withStore(options, async (db) => {
      const genome = options.genome === 'hg38' ? 'hg38' : 'hg19';
      const s = await importGenes(db, need(path, '<path>'), { genome });
      console.log(`genes: ${s.genes}, aliases: ${s.aliases}, reference genome genes: ${s.referenceGenomeGenes}, cancer types: ${s.cancerTypes}, reference genomes: ${s.referenceGenomes}`);
    }),

  'genesets import': async ([dir], options) =>
    withStore(options, async (db) => {
      const s = await importGenesets(db, need(dir, '<dir>'), { version: options.version });
      console.log(`gene sets: ${s.genesets}, hierarchy nodes: ${s.nodes}`);
    }),

  'cosmic import': async ([path], options) =>
    withStore(options, async (db) => {
      const progress = startProgress();
      progress.onFile(need(path, '<vcf>'));
      const s = await importCosmic(db, path).finally(progress.stop);
      console.log(`COSMIC mutations: ${s.mutations}`);
      if (s.warnings.length) console.log(`  skipped (${s.warnings.length} kinds):\n${s.warnings.map((w) => `    ${w}`).join('\n')}`);
    }),

  load: loadCommand,

  validate: validateCommand,

  list: async (_args, options) =>
    readStore(options, async (db) => {
      const rows = await db.all<{ study_id: string; name: string; samples: number; import_date: string }>(sql`
        SELECT study_id, name, (SELECT count(*)::INTEGER FROM sample s WHERE s.study_key = c.study_key) AS samples,
          strftime(import_date, '%Y-%m-%d %H:%M:%S') AS import_date
        FROM cancer_study c ORDER BY study_key`);
      if (rows.length === 0) console.log('no studies loaded');
      for (const r of rows) console.log(`${r.study_id}\t${r.samples} samples\t${r.import_date}\t${r.name}`);
    }),

  delete: async ([studyId], options) =>
    withStore(options, async (db) => {
      const row = await db.one<{ study_key: number }>(sql`SELECT study_key FROM cancer_study WHERE study_id = ${need(studyId, '<studyId>')}`);
      if (!row) throw new UsageError(`no study '${studyId}' in the store`);
      await db.transaction(() => deleteStudyRows(db, row.study_key));
      console.log(`deleted ${studyId}`);
    }),

  serve: async (_args, options) => {
    const dbPath = need(options.db, '--db <file>');
    if (!existsSync(dbPath)) throw new UsageError(`no store at ${dbPath}: import genes and load studies into it first`);
    if (options.config !== undefined && !existsSync(options.config)) throw new UsageError(`no configuration file at ${options.config}`);
    await serve({ dbPath, ...serveOptions(options) });
  },

  'users grant': async ([user, authority], options) =>
    withState(options, async (state) => {
      const added = await grantAuthority(state, need(user, '<user>'), need(authority, '<authority>'));
      console.log(added ? `granted ${authority} to ${user}` : `${user} already has ${authority}`);
    }),

  'users revoke': async ([user, authority], options) =>
    withState(options, async (state) => {
      const removed = await revokeAuthority(state, need(user, '<user>'), need(authority, '<authority>'));
      console.log(removed ? `revoked ${authority} from ${user}` : `${user} does not have ${authority}`);
    }),

  'users list': async (_args, options) =>
    withState(options, async (state) => {
      const users = await listUsers(state);
      if (users.length === 0) console.log('no users');
      for (const u of users) console.log(`${u.user}${u.enabled ? '' : ' (disabled)'}\t${u.authorities.join(', ')}`);
    }),

  demo: async (_args, options) => {
    const outDir = need(options.out, '--out <dir>');
    const summary = await generateDemoStudy({ outDir, samples: integer(options.samples, 1000, '--samples'), seed: integer(options.seed, 1, '--seed') });
    console.log(`demo study written to ${outDir}: ${JSON.stringify(summary)}`);
  },

  /** npm start: on first start, generate and load the demo study into a git-ignored store. */
  start: async (_args, options) => {
    const dbPath = options.db ?? `${DEMO_DIR}/demo.duckdb`;
    if (!existsSync(dbPath)) {
      console.log('first start: generating the demo study and loading it (once)');
      printSummary(await buildDemoStore(dbPath, { studyDir: `${DEMO_DIR}/demo_study`, samples: 2000 }));
    }
    await serve({ dbPath, ...serveOptions(options) });
  },
};

/** What serve and start share: address, properties (security settings, front-end configuration, TLS, limits), warm-up. */
function serveOptions(options: Options) {
  const settings = readSettings(options.config);
  return {
    port: integer(options.port, 8080, '--port'),
    host: options.host ?? '127.0.0.1',
    settings,
    frontend: readFrontendConfig(settings, options.config),
    tls: readTls(options.config),
    stateUrl: readStateUrl(options.state, options.config),
    limits: readLimits(options.config),
    warmUp: !options['no-warm-up'],
  };
}
