// Numeric molecular data (api.md 13): one profile by sample list (GET) or filter (POST), and the
// multi-profile fetch. META answers with total-count only; ID and SUMMARY are the same.
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { InvalidRequest } from '../../engine/errors.js';
import { requireProfile } from '../../engine/resources/lookup.js';
import { countMolecularData, fetchMolecularData, molecularDataRows, type MolecularDataSelection } from '../../engine/resources/molecular-data.js';
import { toApiObject } from '../../engine/sql/db.js';
import { ARROW_ANSWERS, sendArrowStream, wantsArrow } from '../arrow-stream.js';
import { Projection, type ProjectionName, sendTotalCount } from '../params.js';
import {
  MolecularDataFilterSchema, MolecularDataMultipleStudyFilterSchema, NumericGeneMolecularDataSchema,
} from '../schemas/molecular-data.js';

const tags = ['Molecular Data'];
const response = { 200: Type.Array(NumericGeneMolecularDataSchema) };
const ProfileParams = Type.Object({ molecularProfileId: Type.String({ description: 'Molecular Profile ID e.g. acc_tcga_rna_seq_v2_mrna' }) });
const ProjectionQuery = Type.Object({ projection: Type.Optional(Projection) });

/** Mutation and structural variant profiles are "not found" here (api.md 13). */
const GENE_MATRIX_TYPES = [
  'COPY_NUMBER_ALTERATION', 'MICRO_RNA_EXPRESSION', 'MRNA_EXPRESSION', 'MRNA_EXPRESSION_NORMALS', 'RNA_EXPRESSION',
  'METHYLATION', 'METHYLATION_BINARY', 'PHOSPHORYLATION', 'PROTEIN_LEVEL', 'PROTEIN_ARRAY_PROTEIN_LEVEL',
  'PROTEIN_ARRAY_PHOSPHORYLATION', 'GENESET_SCORE', 'GENERIC_ASSAY',
] as const;

export const molecularDataRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const answer = async (selection: MolecularDataSelection, projection: ProjectionName, reply: FastifyReply) => {
    if (projection === 'META') return sendTotalCount(reply, await countMolecularData(app.db, selection));
    if (wantsArrow(reply.request)) return sendArrowStream(reply, molecularDataRows(selection, projection === 'DETAILED'));
    return reply.send((await fetchMolecularData(app.db, selection, projection === 'DETAILED')).map(toApiObject));
  };

  app.get('/molecular-profiles/:molecularProfileId/molecular-data', {
    schema: {
      tags, operationId: 'getAllMolecularDataInMolecularProfileUsingGET', description: 'Get all molecular data in a molecular profile',
      params: ProfileParams,
      querystring: Type.Object({
        sampleListId: Type.String({ description: 'Sample List ID e.g. acc_tcga_all' }),
        entrezGeneId: Type.Integer({ minimum: -2147483648, maximum: 2147483647, description: 'Entrez Gene ID e.g. 1' }),
        projection: Type.Optional(Projection),
      }),
      response,
    },
    config: ARROW_ANSWERS,
  }, async (request, reply) => {
    const profile = await requireProfile(app.db, request.params.molecularProfileId, GENE_MATRIX_TYPES);
    const { sampleListId, entrezGeneId, projection = 'SUMMARY' } = request.query;
    const selection: MolecularDataSelection = { kind: 'profile', profileKey: profile.profile_key, studyKey: profile.study_key, sampleListId, entrezGeneIds: [entrezGeneId] };
    return answer(selection, projection, reply);
  });

  app.post('/molecular-profiles/:molecularProfileId/molecular-data/fetch', {
    schema: {
      tags, operationId: 'fetchAllMolecularDataInMolecularProfileUsingPOST', description: 'Fetch molecular data in a molecular profile',
      params: ProfileParams, querystring: ProjectionQuery, body: MolecularDataFilterSchema, response,
    },
    config: ARROW_ANSWERS,
  }, async (request, reply) => {
    const { sampleListId, sampleIds, entrezGeneIds } = request.body;
    if ((sampleListId === undefined) === (sampleIds === undefined)) throw new InvalidRequest('eitherSampleListIdOrSampleIdsPresent must be true');
    const profile = await requireProfile(app.db, request.params.molecularProfileId, GENE_MATRIX_TYPES);
    const selection: MolecularDataSelection = { kind: 'profile', profileKey: profile.profile_key, studyKey: profile.study_key, sampleListId, sampleIds, entrezGeneIds };
    return answer(selection, request.query.projection ?? 'SUMMARY', reply);
  });

  app.post('/molecular-data/fetch', {
    schema: {
      tags, operationId: 'fetchMolecularDataInMultipleMolecularProfilesUsingPOST', description: 'Fetch molecular data',
      querystring: ProjectionQuery, body: MolecularDataMultipleStudyFilterSchema, response,
    },
    config: ARROW_ANSWERS,
  }, async (request, reply) => {
    const { molecularProfileIds, sampleMolecularIdentifiers, entrezGeneIds } = request.body;
    if ((molecularProfileIds === undefined) === (sampleMolecularIdentifiers === undefined))
      throw new InvalidRequest('eitherMolecularProfileIdsOrSampleMolecularIdentifiersPresent must be true');
    let selection: MolecularDataSelection;
    if (sampleMolecularIdentifiers !== undefined) {
      selection = {
        kind: 'identifiers',
        molecularProfileIds: sampleMolecularIdentifiers.map((i) => i.molecularProfileId),
        sampleIds: sampleMolecularIdentifiers.map((i) => i.sampleId),
        entrezGeneIds,
      };
    } else {
      // The reference fails with a 500 here (it streams a missing list); the gene list is required.
      if (entrezGeneIds === undefined) throw new InvalidRequest('entrezGeneIds must not be null');
      selection = { kind: 'profiles', molecularProfileIds: molecularProfileIds ?? [], entrezGeneIds };
    }
    return answer(selection, request.query.projection ?? 'SUMMARY', reply);
  });
};
