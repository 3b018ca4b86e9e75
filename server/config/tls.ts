// HTTPS under Spring Boot's PEM properties: server.ssl.certificate (the certificate, then any
// intermediates), server.ssl.certificate-private-key, server.ssl.key-password (an encrypted key's
// passphrase) and server.ssl.enabled (default true). Checked at start: a missing, unreadable or
// invalid file, or a key that is not the certificate's, is a ConfigError naming the property.
import { createPrivateKey, X509Certificate, type KeyObject } from 'node:crypto';
import { readProperties, type Properties } from './properties.js';
import { readPropertyFile } from './property-files.js';
import { ConfigError } from './settings.js';

export interface TlsFiles {
  cert: Buffer;
  key: Buffer;
  passphrase?: string;
}

const CERTIFICATE = 'server.ssl.certificate';
const PRIVATE_KEY = 'server.ssl.certificate-private-key';
const KEY_PASSWORD = 'server.ssl.key-password';
const ENABLED = 'server.ssl.enabled';

/** The certificate and key to serve HTTPS with, or undefined for plain HTTP. */
export function readTls(file?: string, env: NodeJS.ProcessEnv = process.env): TlsFiles | undefined {
  return tlsFrom(readProperties([CERTIFICATE, PRIVATE_KEY, KEY_PASSWORD, ENABLED], file, env));
}

export function tlsFrom(props: Properties): TlsFiles | undefined {
  const get = (p: string) => (props.get(p) === '' ? undefined : props.get(p));
  const enabled = get(ENABLED)?.toLowerCase() ?? 'true';
  if (enabled !== 'true' && enabled !== 'false') throw new ConfigError(ENABLED, `must be true or false (got ${JSON.stringify(get(ENABLED))})`);
  const certificate = get(CERTIFICATE);
  const privateKey = get(PRIVATE_KEY);
  if (enabled === 'false' || (certificate === undefined && privateKey === undefined)) return undefined;
  if (certificate === undefined) throw new ConfigError(CERTIFICATE, `required with ${PRIVATE_KEY}`);
  if (privateKey === undefined) throw new ConfigError(PRIVATE_KEY, `required with ${CERTIFICATE}`);
  const cert = readPropertyFile(CERTIFICATE, certificate);
  const key = readPropertyFile(PRIVATE_KEY, privateKey);
  const passphrase = get(KEY_PASSWORD);
  const x509 = parse(CERTIFICATE, () => new X509Certificate(cert));
  const keyObject = parse(PRIVATE_KEY, () => createPrivateKey({ key, passphrase }));
  if (!x509.checkPrivateKey(keyObject)) throw new ConfigError(PRIVATE_KEY, `${privateKey} is not the private key of ${certificate}`);
  return { cert, key, passphrase };
}

function parse<T extends X509Certificate | KeyObject>(property: string, read: () => T): T {
  try {
    return read();
  } catch (error) {
    throw new ConfigError(property, `not a PEM ${property === CERTIFICATE ? 'certificate' : 'private key'}: ${(error as Error).message}`);
  }
}
