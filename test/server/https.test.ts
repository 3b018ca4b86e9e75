// `duckportal serve` over HTTPS (server.ssl.* properties): a real process with a self-signed
// certificate the test makes, reached by a client trusting it; plain HTTP to its port fails; a bad
// certificate stops the start with one line naming the property.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDemoStore } from '../../cli/demo-store.js';
import { httpsGet } from '../helpers/https-request.js';
import { makeSelfSigned, NO_OPENSSL, type SelfSigned } from '../helpers/self-signed.js';
import { ServerProcess } from '../helpers/server-process.js';

const CLI = fileURLToPath(new URL('../../bin/duckportal.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'duckportal-https-'));
const certificate: SelfSigned | undefined = makeSelfSigned(dir);
if (!certificate) console.log(`https.test.ts: ${NO_OPENSSL}`);

let db: string;
let server: ServerProcess;
let properties: string;
beforeAll(async () => {
  if (!certificate) return;
  db = join(dir, 'store.duckdb');
  await buildDemoStore(db, { studyDir: join(dir, 'demo_study'), samples: 40 });
  properties = join(dir, 'application.properties');
  writeFileSync(properties, `server.ssl.certificate=${certificate.certFile}\nserver.ssl.certificate-private-key=file:${certificate.keyFile}\nskin.title=Over TLS\n`);
  server = new ServerProcess(db, join(dir, 'serve.log'), {}, { args: ['--config', properties], ca: certificate.cert });
  await server.start();
}, 180_000);
afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(!certificate)('serve with server.ssl.certificate and server.ssl.certificate-private-key', () => {
  const origin = () => `https://127.0.0.1:${server.port}`;

  it('answers /api/health, a data route and the front end configuration over HTTPS, and logs an https:// address', async () => {
    const health = await httpsGet(`${origin()}/api/health`, certificate!.cert);
    expect(health.status).toBe(200);
    expect(JSON.parse(health.body)).toEqual({ status: 'UP' });
    const samples = await httpsGet(`${origin()}/api/studies/demo_study/samples?projection=ID&pageSize=3`, certificate!.cert);
    expect(samples.status).toBe(200);
    expect(JSON.parse(samples.body)).toHaveLength(3);
    const config = await httpsGet(`${origin()}/config_service`, certificate!.cert);
    expect(JSON.parse(config.body)).toMatchObject({ skin_title: 'Over TLS', base_url: `127.0.0.1:${server.port}`, sessionServiceEnabled: true });
    expect(readFileSync(server.log, 'utf8')).toContain(`https://127.0.0.1:${server.port}`);
  });

  it('refuses plain HTTP on its port, and a client that does not trust the certificate', async () => {
    await expect(fetch(`http://127.0.0.1:${server.port}/api/health`, { signal: AbortSignal.timeout(5_000) })).rejects.toThrow();
    await expect(fetch(`${origin()}/api/health`, { signal: AbortSignal.timeout(5_000) })).rejects.toThrow();
  });

  it('does not start with a certificate file it cannot read, saying which property names it', async () => {
    const bad = join(dir, 'bad.properties');
    writeFileSync(bad, `server.ssl.certificate=${join(dir, 'missing.pem')}\nserver.ssl.certificate-private-key=${certificate!.keyFile}\n`);
    const run = promisify(execFile)('node', [CLI, 'serve', '--db', db, '--port', '0', '--config', bad]);
    const failure = await run.then(() => undefined, (error: { code: number; stderr: string }) => error);
    expect(failure?.code).toBe(1);
    expect(failure?.stderr.trim()).toBe(`error: configuration: server.ssl.certificate: cannot read ${join(dir, 'missing.pem')}: ENOENT`);
  });
});
