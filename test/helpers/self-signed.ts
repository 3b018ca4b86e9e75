// A self-signed certificate for 127.0.0.1 and localhost made by openssl, for the HTTPS tests; it is
// its own certificate authority (the client trusts it with `ca`).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const OPENSSL = '/usr/bin/openssl';

export interface SelfSigned {
  certFile: string;
  keyFile: string;
  cert: Buffer;
}

/** Writes cert.pem and key.pem into `dir` (a passphrase encrypts the key); undefined without openssl. */
export function makeSelfSigned(dir: string, options: { name?: string; passphrase?: string } = {}): SelfSigned | undefined {
  if (!existsSync(OPENSSL)) return undefined;
  const name = options.name ?? 'server';
  const certFile = join(dir, `${name}.cert.pem`);
  const keyFile = join(dir, `${name}.key.pem`);
  const encryption = options.passphrase === undefined ? ['-nodes'] : ['-passout', `pass:${options.passphrase}`];
  execFileSync(OPENSSL, ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', ...encryption,
    '-keyout', keyFile, '-out', certFile, '-days', '1', '-subj', '/CN=localhost',
    '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost'], { stdio: 'ignore' });
  return { certFile, keyFile, cert: readFileSync(certFile) };
}

export const NO_OPENSSL = `skipped: no ${OPENSSL} to make a certificate with`;
