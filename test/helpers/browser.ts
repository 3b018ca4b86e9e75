// A Chromium for tests that drive a real browser (playwright-core, which brings no browser of its
// own): $CHROMIUM_PATH, else a chromium on PATH, else Debian's package installed with apt-get
// (root only). Without one the answer is the reason, for the test to print as it skips.
import { execFile } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const NAMES = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'];

export type Browser = { executablePath: string } | { skip: string };

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The first of `names` found executable on PATH. */
function onPath(names: readonly string[]): string | undefined {
  const dirs = (process.env.PATH ?? '').split(delimiter).filter(Boolean);
  for (const name of names) for (const dir of dirs) if (executable(join(dir, name))) return join(dir, name);
  return undefined;
}

/** `apt-get install -y chromium` (after `apt-get update` when the package lists do not know it yet); waits for another apt's lock. */
async function aptInstallChromium(timeoutMs: number): Promise<string | undefined> {
  const apt = (args: string[]) =>
    run('apt-get', ['-o', 'DPkg::Lock::Timeout=600', ...args], { timeout: timeoutMs, env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }, maxBuffer: 64 << 20 });
  try {
    await apt(['install', '-y', '--no-install-recommends', 'chromium']);
    return undefined;
  } catch {
    try {
      await apt(['update']);
      await apt(['install', '-y', '--no-install-recommends', 'chromium']);
      return undefined;
    } catch (error) {
      const e = error as { stderr?: string; message: string; killed?: boolean };
      if (e.killed) return `apt-get did not finish within ${Math.round(timeoutMs / 1000)} s`;
      return `apt-get install chromium failed: ${(e.stderr || e.message).trim().split('\n').slice(-2).join(' ')}`;
    }
  }
}

/** A Chromium to launch, installing Debian's when none is found and we are root; otherwise why not. */
export async function findChromium({ install = true, timeoutMs = 15 * 60_000 } = {}): Promise<Browser> {
  const given = process.env.CHROMIUM_PATH;
  if (given) return executable(given) ? { executablePath: given } : { skip: `CHROMIUM_PATH=${given} is not an executable` };
  const found = onPath(NAMES);
  if (found) return { executablePath: found };
  if (!install) return { skip: `no ${NAMES.join(' / ')} on PATH` };
  if (process.platform !== 'linux' || !onPath(['apt-get'])) return { skip: 'no chromium on PATH and no apt-get to install it' };
  if (process.getuid?.() !== 0) return { skip: 'no chromium on PATH, and installing it with apt-get needs root' };
  const failure = await aptInstallChromium(timeoutMs);
  const installed = onPath(NAMES);
  if (installed) return { executablePath: installed };
  return { skip: failure ?? 'apt-get installed chromium but no chromium is on PATH' };
}
