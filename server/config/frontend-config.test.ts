import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { configErrorOf } from '../../test/helpers/config-error.js';
import { frontendConfigFrom, readFrontendConfig } from './frontend-config.js';
import { DEFAULT_SETTINGS, readSettings } from './settings.js';

const dir = mkdtempSync(join(tmpdir(), 'duckportal-frontend-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};
const problem = (entries: [string, string][]) => configErrorOf(() => frontendConfigFrom(new Map(entries), DEFAULT_SETTINGS));

describe('the front end configuration', () => {
  it('without properties: session service on, no login, column-store mode, outside annotation services off', () => {
    const config = frontendConfigFrom(new Map(), DEFAULT_SETTINGS);
    expect(config).toMatchObject({
      sessionServiceEnabled: true, authenticationMethod: false, dat_method: 'none', app_name: 'cbioportal',
      clickhouse_mode: true, enable_request_body_gzip_compression: true,
      show_oncokb: false, show_civic: false, show_genomenexus: false, show_hotspot: false, show_signal: false,
      oncoKbTokenDefined: false, oncoprintOncoKbHotspotsDefault: 'undefined', skin_hide_download_controls: 'show',
      skin_show_donate_button: false, frontendUrl: '', study_download_url: 'https://datahub.assets.cbioportal.org/',
    });
    // Unset properties are null, which the front end replaces by its own defaults.
    for (const name of ['session_url_length_threshold', 'skin_title', 'skin_blurb', 'skin_show_about_tab', 'frontendConfigOverride', 'query_sets_of_genes'])
      expect(config[name], name).toBeNull();
    expect(Object.values(config).every((v) => v === null || typeof v === 'string' || typeof v === 'boolean')).toBe(true);
  });

  it('from a properties file and the environment: as cBioPortal publishes them, the environment winning', () => {
    const override = file('frontend.json', '{\n  "skin_title": "Override",\n  "my_own_key": [1, 2]\n}\n');
    const properties = file('application.properties', [
      'app.name=my-portal', 'authenticate=header', 'dat.method=uuid',
      'skin.title=From the file', 'skin.blurb=<b>Welcome</b>', 'skin.show_about_tab=FALSE',
      'session.url_length_threshold=2000', 'show.oncokb=true', 'oncokb.token=secret-token',
      'skin.hide_download_controls=true', 'frontend.url=https://cdn.example.org/frontend',
      'oncoprint.oncokb_hotspots.default=custom', 'clickhouse_mode=false',
      `frontend.config=file:${override}`, 'my.own.property=1',
    ].join('\n'));
    const env = { SKIN_TITLE: 'From the environment', SKIN_RIGHT_NAV_SHOW_TWITTER: 'true' };
    const config = readFrontendConfig(readSettings(properties, env), properties, env);
    expect(config).toMatchObject({
      app_name: 'my-portal', authenticationMethod: 'header', dat_method: 'uuid',
      skin_title: 'From the environment', skin_right_nav_show_twitter: true,
      // A property the server has no use for passes through; numbers stay strings.
      skin_blurb: '<b>Welcome</b>', skin_show_about_tab: false, session_url_length_threshold: '2000',
      show_oncokb: true, oncoKbTokenDefined: true, skin_hide_download_controls: 'hide',
      frontendUrl: 'https://cdn.example.org/frontend/', oncoprintOncoKbHotspotsDefault: '"custom"', clickhouse_mode: false,
      // Any other key reaches the front end through frontend.config, on one line.
      frontendConfigOverride: '{"skin_title":"Override","my_own_key":[1,2]}',
      sessionServiceEnabled: true,
    });
    // Properties outside cBioPortal's list are not published, and the OncoKB token only as a yes/no.
    expect(Object.keys(config).some((k) => k.startsWith('my_own'))).toBe(false);
    expect(JSON.stringify(config)).not.toContain('secret-token');
  });

  it('stops at start on a file property naming a missing or invalid file, naming the property', () => {
    expect(problem([['frontend.config', join(dir, 'missing.json')]])).toBe(`configuration: frontend.config: cannot read ${join(dir, 'missing.json')}: ENOENT`);
    const bad = file('bad.json', '{"skin_title": ');
    expect(problem([['download_custom_buttons_json', bad]])).toMatch(/^configuration: download_custom_buttons_json: .*bad\.json is not JSON: /);
  });

  it('reads frontend.url.runtime, the file naming the front end at start', () => {
    const runtime = file('frontend-url.txt', 'https://cdn.example.org/v2\n');
    expect(frontendConfigFrom(new Map([['frontend.url', 'https://old/'], ['frontend.url.runtime', runtime]]), DEFAULT_SETTINGS).frontendUrl).toBe('https://cdn.example.org/v2/');
  });
});
