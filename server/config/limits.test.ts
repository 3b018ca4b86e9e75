import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS, LIMIT_PROPERTIES, LIMIT_PROPERTY_NAMES, limitsFrom, readLimits } from './limits.js';
import { ConfigError } from './settings.js';

const limits = (entries: [string, string][]) => limitsFrom(new Map(entries));

describe('limits', () => {
  it('default to the documented values', () => {
    expect(DEFAULT_LIMITS.http).toEqual({ headersTimeoutMs: 30_000, requestTimeoutMs: 120_000, idleTimeoutMs: 60_000, keepAliveTimeoutMs: 72_000 });
    expect(DEFAULT_LIMITS.body).toEqual({ maxBytes: 80_000_000, maxBytesAnonymous: 2_000_000, maxConcurrentInflations: 2 });
    expect(DEFAULT_LIMITS.query.maxWaitMs).toBe(30_000);
    expect(DEFAULT_LIMITS.virtualStudies).toEqual({ maxBytes: 1_024_000, maxPerUser: 100 });
    expect(DEFAULT_LIMITS.sessions).toEqual({ maxBytes: 16_384_000, maxPerUser: 10_000 });
    expect(DEFAULT_LIMITS.pressure).toEqual({ maxEventLoopDelayMs: 2000, maxHeapUsedBytes: 0 });
  });

  it('are read from the environment by Spring Boot\'s names, and keep the headers\' timeout within the request\'s', () => {
    const read = readLimits(undefined, { DUCKPORTAL_QUERY_MAX_WAIT_SECONDS: '5', DUCKPORTAL_HTTP_REQUEST_TIMEOUT_SECONDS: '10', DUCKPORTAL_PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '0' });
    expect(read.query.maxWaitMs).toBe(5000);
    expect(read.http).toMatchObject({ requestTimeoutMs: 10_000, headersTimeoutMs: 10_000 });
    expect(read.pressure.maxEventLoopDelayMs).toBe(0);
  });

  it('name the property of an invalid value', () => {
    expect(() => limits([['duckportal.body.max_mb', '-1']])).toThrow(new ConfigError('duckportal.body.max_mb', 'must be an integer greater than 0 (got "-1")'));
    expect(() => limits([['duckportal.query.max_running', '0']])).toThrow(ConfigError);
    expect(() => limits([['duckportal.http.idle_timeout_seconds', 'soon']])).toThrow(ConfigError);
  });

  it('are each listed in the README with their default', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    for (const name of LIMIT_PROPERTY_NAMES) {
      const row = readme.split('\n').find((line) => line.startsWith(`| \`${name}\` |`));
      expect(row, name).toBeDefined();
      if (name !== 'duckportal.query.max_running' && name !== 'duckportal.pressure.max_heap_used_mb') expect(row!.split('|')[2].trim(), name).toBe(String(LIMIT_PROPERTIES[name]));
    }
  });
});
