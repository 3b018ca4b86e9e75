// POST /api/structural-variant/fetch (api.md 16): SVs of profiles or (profile, sample) pairs,
// narrowed by genes or site queries; no projection, no paging.
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { InvalidRequest } from '../../engine/errors.js';
import { fetchStructuralVariants, structuralVariantRows, type SiteGene } from '../../engine/resources/structural-variants.js';
import { ARROW_ANSWERS, sendArrowStream, wantsArrow } from '../arrow-stream.js';
import {
  StructuralVariantFilterSchema, StructuralVariantSchema, type StructuralVariantGeneSubQuery,
} from '../schemas/structural-variants.js';

/** Exactly one of the three site fields; the reference's message names its intercepted body. */
function toSiteGene(g: StructuralVariantGeneSubQuery): SiteGene {
  const given = [g.entrezId, g.hugoSymbol, g.specialValue].filter((v) => v !== undefined).length;
  if (given !== 1) throw new InvalidRequest('interceptedStructuralVariantFilter Should contain only one EntrezId, hugoSymbol or specialValue.');
  if (g.entrezId !== undefined) return { entrezId: g.entrezId };
  if (g.hugoSymbol !== undefined) return { hugoSymbol: g.hugoSymbol };
  return { specialValue: g.specialValue ?? 'ANY_GENE' };
}

export const structuralVariantRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post('/structural-variant/fetch', {
    schema: {
      tags: ['Structural Variants'], operationId: 'fetchStructuralVariantsUsingPOST',
      description: 'Fetch structural variants for entrezGeneIds and molecularProfileIds or sampleMolecularIdentifiers',
      body: StructuralVariantFilterSchema,
      response: { 200: Type.Array(StructuralVariantSchema) },
    },
    config: ARROW_ANSWERS,
  }, async (request, reply) => {
    const { molecularProfileIds, sampleMolecularIdentifiers, entrezGeneIds, structuralVariantQueries } = request.body;
    // Emptiness, not presence, counts here (the reference uses CollectionUtils.isEmpty).
    if (!molecularProfileIds?.length === !sampleMolecularIdentifiers?.length)
      throw new InvalidRequest('eitherMolecularProfileIdsOrSampleMolecularIdentifiersPresent must be true');
    const queries = structuralVariantQueries?.map((q) => ({ gene1: toSiteGene(q.gene1), gene2: toSiteGene(q.gene2) }));
    const pairs = sampleMolecularIdentifiers?.length
      ? { molecularProfileIds: sampleMolecularIdentifiers.map((i) => i.molecularProfileId), sampleIds: sampleMolecularIdentifiers.map((i) => i.sampleId) }
      : undefined;
    const selection = { molecularProfileIds: pairs ? undefined : molecularProfileIds, pairs, entrezGeneIds, queries };
    if (wantsArrow(request)) return sendArrowStream(reply, structuralVariantRows(selection));
    return fetchStructuralVariants(app.db, selection);
  });
};
