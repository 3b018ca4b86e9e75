// GET /api/info, /api/timestamps, /api/url-shortener (api.md 28).
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp } from '../helpers/app.js';
import { isValidUrl } from '../../server/routes/server-info.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await openTestApp([]);
});
afterAll(() => app.close());

describe('GET /api/info', () => {
  it('reports versions, the gene set version from the info table, and unset git metadata', async () => {
    expect((await app.inject('/api/info')).json()).toEqual({
      portalVersion: '7.1.0', dbVersion: '2.14.5', genesetVersion: 'msigdb_7.5.1',
      gitBranch: 'not set', gitCommitId: 'not set', gitCommitIdDescribe: 'not set', gitCommitIdDescribeShort: 'not set',
      gitCommitMessageFull: 'not set', gitCommitMessageShort: 'not set', gitCommitMessageUserEmail: 'not set', gitCommitMessageUserName: 'not set',
      gitDirty: false,
    });
  });
});

describe('GET /api/timestamps', () => {
  it('is {} for an in-memory store (no file time to report)', async () => {
    expect((await app.inject('/api/timestamps')).json()).toEqual({});
  });
});

describe('GET /api/url-shortener', () => {
  it('answers a valid URL unshortened (no bit.ly token) and rejects invalid ones', async () => {
    const url = 'https://www.cbioportal.org/results?cancer_study_list=study_es_0&tab=oncoprint';
    const ok = await app.inject(`/api/url-shortener?url=${encodeURIComponent(url)}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ shortURL: url });
    for (const bad of ['nope', 'http://localhost:8080/x', 'javascript:alert(1)', 'https://exa mple.com']) {
      const res = await app.inject(`/api/url-shortener?url=${encodeURIComponent(bad)}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toEqual({ error: 'Invalid URL' });
    }
    expect((await app.inject('/api/url-shortener')).json()).toEqual({ message: 'Request parameter is missing: url' });
  });

  it('validates like commons-validator\'s default UrlValidator', () => {
    expect(isValidUrl('ftp://ftp.example.org/file')).toBe(true);
    expect(isValidUrl('http://192.168.1.1/')).toBe(true);
    expect(isValidUrl('http://999.1.1.1/')).toBe(false);
    expect(isValidUrl('mailto:a@b.org')).toBe(false);
  });
});
