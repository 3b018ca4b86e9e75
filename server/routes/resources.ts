// Resource definitions and resource data of a study, its patients and its samples (api.md 11).
// META is not implemented by the reference on these endpoints: 501.
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { NotImplemented } from '../../engine/errors.js';
import { requirePatientKey, requireSampleKey, requireStudyKey } from '../../engine/resources/lookup.js';
import {
  fetchResourceData, fetchResourceDefinitions, requireResourceDefinition, RESOURCE_DATA_SORT_COLUMNS, RESOURCE_DEFINITION_SORT_COLUMNS,
  type ResourceDataRow, type ResourceDataSortBy, type ResourceDefinitionSortBy, type ResourceOwner,
} from '../../engine/resources/resources.js';
import { toApiObject, type ApiObject } from '../../engine/sql/db.js';
import { literalUnion, pageOf, pagingQuery, Projection, StudyIdParams, type ProjectionName } from '../params.js';
import { ResourceDataSchema, ResourceDefinitionSchema } from '../schemas/resources.js';

const definitionTags = ['Resource Definitions'];
const dataTags = ['Resource Data'];
const sortDescription = { description: 'Name of the property that the result list is sorted by' };
const DefinitionQuery = Type.Object({
  ...pagingQuery(),
  sortBy: Type.Optional(literalUnion(Object.keys(RESOURCE_DEFINITION_SORT_COLUMNS) as ResourceDefinitionSortBy[], sortDescription)),
});
const DataQuery = Type.Object({
  resourceId: Type.Optional(Type.String({ description: 'Resource ID' })),
  ...pagingQuery(),
  sortBy: Type.Optional(literalUnion(Object.keys(RESOURCE_DATA_SORT_COLUMNS) as ResourceDataSortBy[], sortDescription)),
});
const dataResponse = { 200: Type.Array(ResourceDataSchema) };

/** META answers 501 "Requested API is not implemented yet", as the reference does. */
function projectionOf(projection: ProjectionName | undefined): Exclude<ProjectionName, 'META'> {
  if (projection === 'META') throw new NotImplemented();
  return projection ?? 'SUMMARY';
}

export const resourceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/studies/:studyId/resource-definitions', {
    schema: {
      tags: definitionTags, operationId: 'getAllResourceDefinitionsInStudyUsingGET', description: 'Get all resource definitions in the specified study',
      params: StudyIdParams, querystring: DefinitionQuery, response: { 200: Type.Array(ResourceDefinitionSchema) },
    },
  }, async (request) => {
    const { projection, sortBy, direction } = request.query;
    const idOnly = projectionOf(projection) === 'ID';
    await requireStudyKey(app.db, request.params.studyId);
    const rows = await fetchResourceDefinitions(app.db, { studyIds: [request.params.studyId], idOnly, sortBy, direction, ...pageOf(request.query) });
    return rows.map(toApiObject);
  });

  app.get('/studies/:studyId/resource-definitions/:resourceId', {
    schema: {
      tags: definitionTags, operationId: 'getResourceDefinitionInStudyUsingGET', description: 'Get specified resource definition',
      params: Type.Object({ studyId: Type.String({ description: 'Study ID e.g. acc_tcga' }), resourceId: Type.String({ description: 'Resource ID' }) }),
      response: { 200: ResourceDefinitionSchema },
    },
  }, async (request) => {
    const studyKey = await requireStudyKey(app.db, request.params.studyId);
    return toApiObject(await requireResourceDefinition(app.db, studyKey, request.params.resourceId));
  });

  app.post('/resource-definitions/fetch', {
    config: { bodyIds: 'studies' },
    schema: {
      tags: definitionTags, operationId: 'fetchResourceDefinitionsUsingPOST', description: 'Get all resource definitions for specified studies',
      querystring: Type.Object({ projection: Type.Optional(Projection) }),
      // title: the bare array's name in the size message (api.md 1.7).
      body: Type.Array(Type.String(), { minItems: 1, maxItems: 10_000_000, title: 'studyIds', description: 'List of Study IDs' }),
      response: { 200: Type.Array(ResourceDefinitionSchema) },
    },
  }, async (request) => {
    // META is not special-cased here: the reference's mapper then selects only the ID fields.
    const { projection } = request.query;
    const rows = await fetchResourceDefinitions(app.db, { studyIds: request.body, idOnly: projection === 'ID' || projection === 'META' });
    return rows.map(toApiObject);
  });

  const data = async (owners: ResourceOwner[], query: typeof DataQuery.static) => {
    const projection = projectionOf(query.projection);
    const { resourceId, sortBy, direction } = query;
    // Each owner kind is sorted and paged on its own, then concatenated (resource-data-all).
    const out: ApiObject<ResourceDataRow>[] = [];
    for (const owner of owners)
      for (const row of await fetchResourceData(app.db, { owner, resourceId, projection, sortBy, direction, ...pageOf(query) })) out.push(toApiObject(row));
    return out;
  };

  app.get('/studies/:studyId/resource-data', {
    schema: {
      tags: dataTags, operationId: 'getAllStudyResourceDataInStudyUsingGET', description: 'Get all resource data for a study',
      params: StudyIdParams, querystring: DataQuery, response: dataResponse,
    },
  }, async (request) => {
    projectionOf(request.query.projection);
    const studyKey = await requireStudyKey(app.db, request.params.studyId);
    return data([{ kind: 'STUDY', studyKey }], request.query);
  });

  app.get('/studies/:studyId/samples/:sampleId/resource-data', {
    schema: {
      tags: dataTags, operationId: 'getAllResourceDataOfSampleInStudyUsingGET', description: 'Get all resource data of a sample in a study',
      params: Type.Object({ studyId: Type.String({ description: 'Study ID e.g. acc_tcga' }), sampleId: Type.String({ description: 'Sample ID e.g. TCGA-OR-A5J2-01' }) }),
      querystring: DataQuery, response: dataResponse,
    },
  }, async (request) => {
    projectionOf(request.query.projection);
    const studyKey = await requireStudyKey(app.db, request.params.studyId);
    const sampleKey = await requireSampleKey(app.db, request.params.studyId, request.params.sampleId);
    return data([{ kind: 'SAMPLE', studyKey, sampleKey }], request.query);
  });

  app.get('/studies/:studyId/patients/:patientId/resource-data', {
    schema: {
      tags: dataTags, operationId: 'getAllResourceDataOfPatientInStudyUsingGET', description: 'Get all resource data of a patient in a study',
      params: Type.Object({ studyId: Type.String({ description: 'Study ID e.g. acc_tcga' }), patientId: Type.String({ description: 'Patient ID e.g. TCGA-OR-A5J2' }) }),
      querystring: DataQuery, response: dataResponse,
    },
  }, async (request) => {
    projectionOf(request.query.projection);
    const studyKey = await requireStudyKey(app.db, request.params.studyId);
    const patientKey = await requirePatientKey(app.db, request.params.studyId, request.params.patientId);
    return data([{ kind: 'PATIENT', studyKey, patientKey }], request.query);
  });

  app.get('/studies/:studyId/resource-data-all', {
    schema: {
      tags: dataTags, operationId: 'getAllStudyResourceDataInStudyPatientSampleUsingGET',
      description: 'Get all resource data for for all patients and all samples within a study',
      params: StudyIdParams, querystring: DataQuery, response: dataResponse,
    },
  }, async (request) => {
    projectionOf(request.query.projection);
    const studyKey = await requireStudyKey(app.db, request.params.studyId);
    return data([{ kind: 'STUDY', studyKey }, { kind: 'PATIENT', studyKey }, { kind: 'SAMPLE', studyKey }], request.query);
  });
};
