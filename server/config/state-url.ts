// Where the state store is (README, "Several servers and the state store"): a PostgreSQL database
// named by `--state <url>` or the property duckportal.state.url (environment DUCKPORTAL_STATE_URL),
// the flag first; without either, the embedded file beside the study store.
import { isPostgresUrl, redactedUrl } from '../../engine/state/state-location.js';
import { readProperties } from './properties.js';
import { ConfigError } from './settings.js';

export const STATE_URL_PROPERTY = 'duckportal.state.url';

/** The PostgreSQL URL of the state store, if one is given; a ConfigError naming the flag or property if it is not one. */
export function readStateUrl(flag: string | undefined, file?: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const [source, url] = flag !== undefined ? ['--state', flag] : [STATE_URL_PROPERTY, readProperties([STATE_URL_PROPERTY], file, env).get(STATE_URL_PROPERTY)];
  if (url === undefined || url === '') return undefined;
  if (!isPostgresUrl(url) || !URL.canParse(url)) throw new ConfigError(source, `not a postgresql:// URL (postgresql://user:password@host:5432/database): ${redactedUrl(url)}`);
  return url;
}
