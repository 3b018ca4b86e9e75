// cBioPortal's configuration source: an application.properties file (`serve --config <file>`),
// each property overridable by an environment variable named as Spring Boot's relaxed binding
// names it (dat.oauth2.clientId → DAT_OAUTH2_CLIENTID, session.endpoint.publisher-api-key →
// SESSION_ENDPOINT_PUBLISHERAPIKEY).
import { readFileSync } from 'node:fs';
import { parse } from 'dot-properties';

export type Properties = ReadonlyMap<string, string>;

/** The environment variable that overrides `property`. */
export function environmentName(property: string): string {
  return property.replace(/-/g, '').replace(/\./g, '_').toUpperCase();
}

/**
 * The values of the `known` properties: from the file (if any), then from the environment. The
 * file may hold other properties (a cBioPortal application.properties has hundreds); they are
 * not ours to read.
 */
export function readProperties(known: readonly string[], file?: string, env: NodeJS.ProcessEnv = process.env): Properties {
  const fromFile = file === undefined ? {} : (parse(readFileSync(file, 'utf8')) as Record<string, string>);
  const out = new Map<string, string>();
  for (const property of known) {
    const value = env[environmentName(property)] ?? fromFile[property];
    if (value !== undefined) out.set(property, value.trim());
  }
  return out;
}
