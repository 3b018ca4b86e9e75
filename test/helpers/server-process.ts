// The server as a real process (the fuzz and hardening suites): a store file in a temp dir,
// `duckportal serve` spawned on a free port of 127.0.0.1, its liveness and its resident memory.
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { httpsGet } from './https-request.js';
import { writeStudiesStore } from './store.js';

const CLI = fileURLToPath(new URL('../../bin/duckportal.js', import.meta.url));

/**
 * A store file holding the gene reference, the shared gene sets and the named shared studies: the
 * test store of those studies built once per run (store.ts), where three CLI runs took 10–15 s.
 */
export async function buildStore(studies: readonly string[]): Promise<{ dir: string; db: string; remove: () => void }> {
  const dir = mkdtempSync(join(tmpdir(), 'duckportal-fuzz-'));
  const db = join(dir, 'store.duckdb');
  await writeStudiesStore(studies, db);
  return { dir, db, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().once('error', reject).listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `duckportal serve` over a store; restartable after it exits. Its log is appended to `log`. */
export class ServerProcess {
  private child?: ChildProcess;
  private exitCode: number | null | undefined;
  port = 0;
  /** How many times the process was found dead and started again. */
  restarts = 0;

  /**
   * `env`: properties of the server (duckportal.* limits as environment variables); `args`: more
   * arguments of serve (`--config <file>`); `ca`: the server speaks HTTPS with a certificate of this authority.
   */
  constructor(private readonly db: string, readonly log: string, private readonly env: NodeJS.ProcessEnv = {},
    private readonly options: { args?: string[]; ca?: Buffer } = {}) {}

  get pid(): number { return this.child?.pid ?? 0; }
  get alive(): boolean { return this.child !== undefined && this.exitCode === undefined; }

  async start(): Promise<void> {
    this.port = await freePort();
    const out = createWriteStream(this.log, { flags: 'a' });
    const child = spawn('node', [CLI, 'serve', '--db', this.db, '--port', String(this.port), '--host', '127.0.0.1', '--no-warm-up', ...(this.options.args ?? [])], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...this.env } });
    child.stdout.pipe(out);
    child.stderr.pipe(out);
    this.child = child;
    this.exitCode = undefined;
    child.once('exit', (code, signal) => { this.exitCode = code ?? (signal ? -1 : null); });
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      if (!this.alive) throw new Error(`the server exited while starting (code ${this.exitCode}); see ${this.log}`);
      if (await this.healthy()) return;
      await sleep(200);
    }
    throw new Error(`the server did not answer /api/health within 60 s; see ${this.log}`);
  }

  /** Starts the process again if it has exited; true when it had. */
  async reviveIfDead(): Promise<boolean> {
    if (this.alive) return false;
    this.restarts++;
    await this.start();
    return true;
  }

  private async healthy(): Promise<boolean> {
    try {
      const url = `${this.options.ca ? 'https' : 'http'}://127.0.0.1:${this.port}/api/health`;
      if (this.options.ca) return (await httpsGet(url, this.options.ca, 2_000)).status === 200;
      const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      return res.status === 200;
    } catch {
      return false;
    }
  }

  /** Resident set size in MB (VmRSS of /proc/<pid>/status), after `idleMs` without requests. */
  async rssMb(idleMs = 1_500): Promise<number> {
    await sleep(idleMs);
    return this.rssNowMb();
  }

  /** Resident set size in MB now; NaN once the process has exited. */
  rssNowMb(): number {
    if (!this.alive) return NaN;
    const line = readFileSync(`/proc/${this.pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'));
    return Number(line?.match(/(\d+)/)?.[1] ?? NaN) / 1024;
  }

  /**
   * RSS once it is back under `limitMb`, sampled each second for at most `maxWaitMs` (V8 returns a
   * freed heap lazily: an inflated gzip bomb's 80 MB leave within seconds, not at once); the last sample.
   */
  async settledRssMb(limitMb: number, maxWaitMs = 15_000): Promise<number> {
    let rss = await this.rssMb();
    for (let waited = 0; rss >= limitMb && waited < maxWaitMs; waited += 1_000) rss = await this.rssMb(1_000);
    return rss;
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || !this.alive) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await Promise.race([exited, sleep(10_000)]);
    if (this.alive) child.kill('SIGKILL');
  }
}
