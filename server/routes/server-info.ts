// GET /api/info, /api/timestamps and /api/url-shortener (api.md 28); /api/health is health.ts.
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { fetchInfoValues, storeUpdateTime } from '../../engine/resources/server-info.js';
import { InfoSchema, URLShortenerResponseSchema } from '../schemas/server-info.js';

/** The cBioPortal release whose API duckportal serves, and that release's database schema version. */
const PORTAL_VERSION = '7.1.0';
const DB_VERSION = '2.14.5';
/** Build metadata cBioPortal reports as "not set" when it is unknown. */
const NOT_SET = 'not set';

export const serverInfoRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/info', {
    config: { public: true },
    schema: { tags: ['Info'], operationId: 'getInfoUsingGET', description: 'Get information about the running instance', response: { 200: InfoSchema } },
  }, async () => {
    const info = await fetchInfoValues(app.db);
    // gitCommitIdAbbrev is declared but never filled by the reference: absent.
    return {
      portalVersion: PORTAL_VERSION,
      dbVersion: DB_VERSION,
      genesetVersion: info.get('geneset_version'),
      geneTableVersion: info.get('gene_table_version'),
      gitBranch: NOT_SET,
      gitCommitId: NOT_SET,
      gitCommitIdDescribe: NOT_SET,
      gitCommitIdDescribeShort: NOT_SET,
      gitCommitMessageFull: NOT_SET,
      gitCommitMessageShort: NOT_SET,
      gitCommitMessageUserEmail: NOT_SET,
      gitCommitMessageUserName: NOT_SET,
      gitDirty: false,
    };
  });

  app.get('/timestamps', {
    schema: {
      tags: ['Timestamps'], operationId: 'getAllTimestampsUsingGET', description: 'Get the last time each static resource was updated',
      response: { 200: Type.Object({ gene: Type.Optional(Type.String()), reference_genome_gene: Type.Optional(Type.String()) }) },
    },
  }, async () => {
    const time = storeUpdateTime(app.db);
    // {} when the time cannot be determined (api.md 28).
    return time === undefined ? {} : { gene: time, reference_genome_gene: time };
  });

  app.get('/url-shortener', {
    schema: {
      tags: ['url-shortener-controller'], operationId: 'urlShortenerUsingGET', description: 'Shorten a URL',
      querystring: Type.Object({ url: Type.String({ description: 'The URL to shorten' }) }),
      // The 400 body ({"error": …} or a parameter message) goes through the default serializer.
      response: { 200: URLShortenerResponseSchema },
    },
  }, async (request, reply) => {
    if (!isValidUrl(request.query.url)) return (reply as FastifyReply).status(400).send({ error: 'Invalid URL' });
    // No bit.ly token is configured (and no network is used): the URL comes back unshortened.
    return { shortURL: request.query.url };
  });
};

/**
 * commons-validator's UrlValidator with its defaults: http, https or ftp; a host that is an IPv4
 * address or a dotted domain name with an alphabetic top-level label (no localhost, no bare names).
 */
export function isValidUrl(text: string): boolean {
  if (/\s/.test(text)) return false;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false; // not an absolute URL
  }
  if (!['http:', 'https:', 'ftp:'].includes(url.protocol)) return false;
  const host = url.hostname;
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(host)) return host.split('.').every((n) => Number(n) <= 255);
  const labels = host.split('.');
  return labels.length >= 2 && labels.every((l) => /^[a-z0-9]([a-z0-9-]*[a-z0-9])?$/i.test(l)) && /^[a-z]{2,}$/i.test(labels[labels.length - 1]);
}
