import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeSelfSigned, NO_OPENSSL } from '../../test/helpers/self-signed.js';
import { configErrorOf } from '../../test/helpers/config-error.js';
import { readTls, tlsFrom } from './tls.js';

const dir = mkdtempSync(join(tmpdir(), 'duckportal-tls-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const server = makeSelfSigned(dir);
const other = makeSelfSigned(dir, { name: 'other' });
const encrypted = makeSelfSigned(dir, { name: 'encrypted', passphrase: 'open sesame' });
if (!server) console.log(`tls.test.ts: ${NO_OPENSSL}`);

const tls = (entries: [string, string][]) => tlsFrom(new Map(entries));
const problem = (entries: [string, string][]) => configErrorOf(() => tls(entries));

describe.skipIf(!server)('server.ssl.* properties', () => {
  const { certFile, keyFile, cert } = server!;

  it('serves plain HTTP without a certificate, or with server.ssl.enabled=false', () => {
    expect(tls([])).toBeUndefined();
    expect(tls([['server.ssl.enabled', 'false'], ['server.ssl.certificate', certFile], ['server.ssl.certificate-private-key', keyFile]])).toBeUndefined();
  });

  it('reads the PEM certificate and key, as paths or file: locations, from the file or the environment', () => {
    expect(tls([['server.ssl.certificate', certFile], ['server.ssl.certificate-private-key', `file:${keyFile}`]])?.cert).toEqual(cert);
    const fromEnv = readTls(undefined, { SERVER_SSL_CERTIFICATE: `file://${certFile}`, SERVER_SSL_CERTIFICATEPRIVATEKEY: keyFile });
    expect(fromEnv?.cert).toEqual(cert);
    const locked = tls([['server.ssl.certificate', encrypted!.certFile], ['server.ssl.certificate-private-key', encrypted!.keyFile], ['server.ssl.key-password', 'open sesame']]);
    expect(locked?.passphrase).toBe('open sesame');
  });

  it('stops at start, naming the property, on a missing, unreadable, invalid or mismatched file', () => {
    expect(problem([['server.ssl.certificate', certFile]])).toBe('configuration: server.ssl.certificate-private-key: required with server.ssl.certificate');
    expect(problem([['server.ssl.certificate-private-key', keyFile]])).toBe('configuration: server.ssl.certificate: required with server.ssl.certificate-private-key');
    const missing = join(dir, 'missing.pem');
    expect(problem([['server.ssl.certificate', missing], ['server.ssl.certificate-private-key', keyFile]])).toBe(`configuration: server.ssl.certificate: cannot read ${missing}: ENOENT`);
    expect(problem([['server.ssl.certificate', dir], ['server.ssl.certificate-private-key', keyFile]])).toBe(`configuration: server.ssl.certificate: cannot read ${dir}: EISDIR`);
    expect(problem([['server.ssl.certificate', keyFile], ['server.ssl.certificate-private-key', keyFile]])).toMatch(/^configuration: server\.ssl\.certificate: not a PEM certificate: /);
    expect(problem([['server.ssl.certificate', certFile], ['server.ssl.certificate-private-key', certFile]])).toMatch(/^configuration: server\.ssl\.certificate-private-key: not a PEM private key: /);
    expect(problem([['server.ssl.certificate', certFile], ['server.ssl.certificate-private-key', other!.keyFile]])).toBe(`configuration: server.ssl.certificate-private-key: ${other!.keyFile} is not the private key of ${certFile}`);
    expect(problem([['server.ssl.certificate', encrypted!.certFile], ['server.ssl.certificate-private-key', encrypted!.keyFile]])).toMatch(/^configuration: server\.ssl\.certificate-private-key: not a PEM private key: /);
    expect(problem([['server.ssl.enabled', 'yes']])).toBe('configuration: server.ssl.enabled: must be true or false (got "yes")');
  });
});
