// Genes (api.md 17.1) and reference genome genes (17.2). Gene lists are always sorted by
// hugoGeneSymbol; a reference genome gene that is not there is a 404 with an empty body.
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { InvalidRequest, NotFound } from '../../engine/errors.js';
import {
  countGenes, countGenesByIds, fetchGene, fetchGeneAliases, fetchGenes, fetchGenesByIds, GENE_SORT_BY, parseEntrezId, type GeneIds,
} from '../../engine/resources/genes.js';
import { fetchReferenceGenomeGene, fetchReferenceGenomeGenes, streamReferenceGenomeGenes, type ReferenceGeneIds } from '../../engine/resources/reference-genome-genes.js';
import { sendJsonArrayStream } from '../json-array-stream.js';
import { toApiObject } from '../../engine/sql/db.js';
import { literalUnion, pageOf, pagingQuery, Projection, sendTotalCount } from '../params.js';
import { GeneSchema, ReferenceGenomeGeneSchema } from '../schemas/genes.js';

const tags = ['Genes'];
const referenceTags = ['Reference Genome Genes'];
const GeneIdParams = Type.Object({ geneId: Type.String({ description: 'Entrez Gene ID or Hugo Gene Symbol e.g. 1 or A1BG' }) });
const GenomeParams = { genomeName: Type.String({ description: 'Name of Reference Genome hg19' }) };
/** A bare-array body: `title` names it in the size message (api.md 1.7). */
const idList = (title: string, maxItems: number) => Type.Array(Type.String(), { minItems: 1, maxItems, title, description: 'List of Gene IDs' });

/** Java's Integer.parseInt: an optional sign and digits, within the Integer range. */
const parseJavaInt = (text: string) => (/^[+-]?\d+$/.test(text) ? parseEntrezId(text.replace(/^\+/, '')) : undefined);

export const geneRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/genes', {
    schema: {
      tags, operationId: 'getAllGenesUsingGET', description: 'Get all genes',
      querystring: Type.Object({
        keyword: Type.Optional(Type.String({ description: 'Search keyword that applies to hugo gene symbol of the genes' })),
        alias: Type.Optional(Type.String({ description: 'Alias of the gene' })),
        ...pagingQuery(),
        sortBy: Type.Optional(literalUnion(GENE_SORT_BY, { description: 'Name of the property that the result list is sorted by' })),
      }),
      response: { 200: Type.Array(GeneSchema) },
    },
  }, async (request, reply) => {
    const { keyword, alias, projection = 'SUMMARY', sortBy, direction } = request.query;
    if (projection === 'META') return sendTotalCount(reply, await countGenes(app.db, { keyword, alias }));
    return (await fetchGenes(app.db, { keyword, alias, projection, sortBy, direction, ...pageOf(request.query) })).map(toApiObject);
  });

  app.get('/genes/:geneId', {
    schema: { tags, operationId: 'getGeneUsingGET', description: 'Get a gene', params: GeneIdParams, response: { 200: GeneSchema } },
  }, async (request) => {
    const gene = await fetchGene(app.db, request.params.geneId);
    if (!gene) throw NotFound.gene(request.params.geneId);
    return toApiObject(gene);
  });

  app.get('/genes/:geneId/aliases', {
    schema: { tags, operationId: 'getAliasesOfGeneUsingGET', description: 'Get aliases of a gene', params: GeneIdParams, response: { 200: Type.Array(Type.String()) } },
  }, async (request) => {
    const { geneId } = request.params;
    if (!(await fetchGene(app.db, geneId))) throw NotFound.gene(geneId);
    return fetchGeneAliases(app.db, geneId);
  });

  app.post('/genes/fetch', {
    schema: {
      tags, operationId: 'fetchGenesUsingPOST', description: 'Fetch genes by ID',
      querystring: Type.Object({
        geneIdType: Type.Optional(literalUnion(['ENTREZ_GENE_ID', 'HUGO_GENE_SYMBOL'] as const, { description: 'Type of gene ID' })),
        projection: Type.Optional(Projection),
      }),
      body: idList('geneIds', 10_000_000),
      response: { 200: Type.Array(GeneSchema) },
    },
  }, async (request, reply) => {
    const { geneIdType = 'ENTREZ_GENE_ID', projection = 'SUMMARY' } = request.query;
    // Entrez ids that are not integers are dropped silently, as the reference does.
    const ids: GeneIds = geneIdType === 'ENTREZ_GENE_ID'
      ? { kind: 'entrez', ids: request.body.map(parseEntrezId).filter((n): n is number => n !== undefined) }
      : { kind: 'symbol', ids: request.body };
    if (projection === 'META') return sendTotalCount(reply, await countGenesByIds(app.db, ids));
    return (await fetchGenesByIds(app.db, ids, projection)).map(toApiObject);
  });

  app.get('/reference-genome-genes/:genomeName', {
    schema: {
      tags: referenceTags, operationId: 'getAllReferenceGenomeGenesUsingGET', description: 'Get all reference genes',
      params: Type.Object(GenomeParams), response: { 200: Type.Array(ReferenceGenomeGeneSchema) },
    },
  }, async (request, reply) => sendJsonArrayStream(reply, streamReferenceGenomeGenes(app.db, request.params.genomeName)));

  app.get('/reference-genome-genes/:genomeName/:geneId', {
    schema: {
      tags: referenceTags, operationId: 'getReferenceGenomeGeneUsingGET', description: 'Get a gene of a reference genome of interest',
      params: Type.Object({ ...GenomeParams, geneId: Type.Integer({ minimum: -2147483648, maximum: 2147483647, description: 'Entrez Gene ID 207' }) }),
      response: { 200: ReferenceGenomeGeneSchema },
    },
  }, async (request, reply) => {
    const gene = await fetchReferenceGenomeGene(app.db, request.params.genomeName, request.params.geneId);
    // The reference's exception handler answers this one with an empty body.
    if (!gene) return (reply as FastifyReply).status(404).send();
    return toApiObject(gene);
  });

  app.post('/reference-genome-genes/:genomeName/fetch', {
    schema: {
      tags: referenceTags, operationId: 'fetchReferenceGenomeGenesUsingPOST', description: 'Fetch genes of reference genome of interest',
      params: Type.Object(GenomeParams), body: idList('geneIds', 100_000), response: { 200: Type.Array(ReferenceGenomeGeneSchema) },
    },
  }, async (request) => {
    const geneIds = request.body;
    // The first id decides: all Entrez ids or all symbols. A later non-integer is a 500 in the reference.
    let ids: ReferenceGeneIds = { kind: 'symbol', ids: geneIds };
    if (parseJavaInt(geneIds[0]) !== undefined) {
      const entrez = geneIds.map(parseJavaInt);
      const bad = geneIds.find((_, i) => entrez[i] === undefined);
      if (bad !== undefined) throw new InvalidRequest(`Gene ids must all be Entrez gene ids when the first one is: ${bad}`);
      ids = { kind: 'entrez', ids: entrez as number[] };
    }
    return (await fetchReferenceGenomeGenes(app.db, request.params.genomeName, ids)).map(toApiObject);
  });
};
