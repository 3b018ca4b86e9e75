// The web front end's server configuration (GET /config_service), built once at start from the
// properties as cBioPortal builds it: its published properties (frontend-properties.ts) under the
// front end's names, "true"/"false" (any case) as booleans, every other value a string, unset ones
// null. Login, token method and app name are the server's own settings (settings.ts).
import { readProperties, type Properties } from './properties.js';
import { readPropertyFile } from './property-files.js';
import { ConfigError, type SecuritySettings } from './settings.js';
import {
  DEFAULTED_FRONTEND_PROPERTIES, FILE_FRONTEND_PROPERTIES, frontendName, PLAIN_FRONTEND_PROPERTIES,
} from './frontend-properties.js';

export type FrontendValue = string | boolean | null;
export type FrontendConfig = Readonly<Record<string, FrontendValue>>;

const ONCOKB_HOTSPOTS = 'oncoprint.oncokb_hotspots.default';

const KNOWN = [
  ...PLAIN_FRONTEND_PROPERTIES, ...Object.keys(DEFAULTED_FRONTEND_PROPERTIES), ...Object.keys(FILE_FRONTEND_PROPERTIES),
  ONCOKB_HOTSPOTS, 'oncokb.token', 'frontend.url', 'frontend.url.runtime', 'skin.hide_download_controls',
  'sentryjs.frontend_project_endpoint',
];

/** Reads the front end's configuration from a properties file (optional) and the environment. */
export function readFrontendConfig(settings: SecuritySettings, file?: string, env: NodeJS.ProcessEnv = process.env): FrontendConfig {
  return frontendConfigFrom(readProperties(KNOWN, file, env), settings);
}

export function frontendConfigFrom(props: Properties, settings: SecuritySettings): FrontendConfig {
  const out: Record<string, FrontendValue> = {};
  for (const property of PLAIN_FRONTEND_PROPERTIES) out[frontendName(property)] = props.get(property) ?? null;
  for (const [property, fallback] of Object.entries(DEFAULTED_FRONTEND_PROPERTIES)) out[frontendName(property)] = props.get(property) ?? fallback;
  for (const [property, name] of Object.entries(FILE_FRONTEND_PROPERTIES)) out[name] = jsonFileContent(property, props.get(property));
  out.frontendSentryEndpoint = props.get('sentryjs.frontend_project_endpoint') ?? null;
  out.oncoprintOncoKbHotspotsDefault = oncoKbHotspotsParameter(props.get(ONCOKB_HOTSPOTS) ?? 'true');
  out.oncoKbTokenDefined = String((props.get('oncokb.token') ?? '') !== '');
  out.skin_hide_download_controls = downloadControls(props.get('skin.hide_download_controls') ?? 'show');
  out.frontendUrl = frontendUrl(props);
  // The session service is built in (cBioPortal: on when session.service.url is set).
  out.sessionServiceEnabled = 'true';
  out.authenticationMethod = settings.authenticate;
  out.dat_method = settings.dat.method;
  out.app_name = settings.appName;
  for (const [name, value] of Object.entries(out)) out[name] = typed(value);
  return Object.freeze(out);
}

/** cBioPortal's conversion of the published strings: only true and false change type. */
function typed(value: FrontendValue): FrontendValue {
  if (typeof value !== 'string') return value;
  const lower = value.toLowerCase();
  return lower === 'true' ? true : lower === 'false' ? false : value;
}

/** The OncoPrint's annotation parameter: `undefined` (on), `"disable"` or `"custom"`, as literal text. */
function oncoKbHotspotsParameter(value: string): string {
  const lower = value.toLowerCase();
  return lower === 'false' ? '"disable"' : lower === 'custom' ? '"custom"' : 'undefined';
}

function downloadControls(value: string): string {
  const lower = value.toLowerCase();
  return lower === 'true' ? 'hide' : lower === 'false' ? 'show' : value;
}

/** frontend.url, or the URL in the file frontend.url.runtime names; with a trailing slash, '' when unset. */
function frontendUrl(props: Properties): string {
  const runtime = props.get('frontend.url.runtime');
  const url = runtime ? readPropertyFile('frontend.url.runtime', runtime).toString('utf8').replace(/[\r\n]+/g, '') : props.get('frontend.url');
  const trimmed = (url ?? '').trim();
  return trimmed === '' || trimmed.endsWith('/') ? trimmed : `${trimmed}/`;
}

/** The JSON a file property names, on one line; null when unset. A missing or invalid file stops the server. */
function jsonFileContent(property: string, path: string | undefined): string | null {
  if (path === undefined || path === '') return null;
  const text = readPropertyFile(property, path).toString('utf8');
  try {
    return JSON.stringify(JSON.parse(text));
  } catch (error) {
    throw new ConfigError(property, `${path} is not JSON: ${(error as Error).message}`);
  }
}
