// A throw-away PostgreSQL server for tests: initdb into a temp dir and pg_ctl start on a free port
// of 127.0.0.1 (initdb refuses root, so as root both run as the `postgres` user). Without the
// binaries the answer is the reason, for the test to print as it skips.
import { execFile } from 'node:child_process';
import { accessSync, chmodSync, chownSync, constants, mkdtempSync, rmSync } from 'node:fs';
import { userInfo } from 'node:os';
import { delimiter, join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './server-process.js';

const run = promisify(execFile);

export interface Postgres {
  /** postgresql://postgres@127.0.0.1:<port>/postgres (trust authentication, no password). */
  url: string;
  /** A further database of this server, created empty. */
  createDatabase(name: string): Promise<string>;
  stop(): Promise<void>;
}

/** Where initdb and pg_ctl are: $PATH, /usr/local/bin, Debian's versioned folders. */
function binDir(): string | undefined {
  const dirs = [...(process.env.PATH ?? '').split(delimiter), '/usr/local/bin', ...['17', '16', '15', '14'].map((v) => `/usr/lib/postgresql/${v}/bin`)];
  return dirs.find((dir) => ['initdb', 'pg_ctl'].every((tool) => {
    try {
      accessSync(join(dir, tool), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  }));
}

/** Starts a server (fsync off: a test's data need not survive a crash), or says why it cannot. */
export async function startPostgres(): Promise<Postgres | { skip: string }> {
  const bin = binDir();
  if (!bin) return { skip: 'no initdb and pg_ctl found (install PostgreSQL, e.g. Debian\'s postgresql package)' };
  const root = process.getuid?.() === 0;
  const dir = mkdtempSync('/tmp/duckportal-pg-');
  const data = join(dir, 'data');
  // As root the server runs as `postgres`, which must own the folder (its socket goes there too).
  const owner = root ? await run('id', ['-u', 'postgres']).then((r) => Number(r.stdout), () => undefined) : undefined;
  if (root && owner === undefined) return { skip: 'running as root and there is no postgres user to run initdb as' };
  if (owner !== undefined) chownSync(dir, owner, owner);
  chmodSync(dir, 0o700);
  const as = (tool: string, args: string[]) =>
    root ? run('runuser', ['-u', 'postgres', '--', join(bin, tool), ...args]) : run(join(bin, tool), args);
  try {
    await as('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C', '--no-sync']);
    const port = await freePort();
    const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c shared_buffers=16MB`;
    await as('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', '-t', '60', 'start']);
    const url = `postgresql://postgres@127.0.0.1:${port}/postgres`;
    return {
      url,
      createDatabase: async (name) => {
        const client = new pg.Client(url);
        await client.connect();
        await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`).finally(() => client.end());
        return url.replace(/\/postgres$/, `/${name}`);
      },
      stop: async () => {
        await as('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    const e = error as { stderr?: string; message: string };
    return { skip: `PostgreSQL could not start as ${root ? 'postgres' : userInfo().username}: ${(e.stderr || e.message).trim().split('\n').slice(-2).join(' ')}` };
  }
}
