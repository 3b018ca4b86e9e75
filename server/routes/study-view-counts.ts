// Study View count endpoints: clinical data, sample list and molecular profile counts, and the
// mutated / CNA / structural variant gene tables (study-view.md 4.2-4.4, 4.13-4.15).
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { readAlterationFilter } from '../../engine/filter/alteration-filter.js';
import { fetchAlterationCountsByGene, fetchCopyNumberCountsByGene, type AlterationCountRow } from '../../engine/study-view/study-view-alterations.js';
import { fetchMolecularProfileSampleCounts, fetchSampleListCounts } from '../../engine/resident/sample-set-counts.js';
import { fetchClinicalDataCounts } from '../../engine/study-view/study-view-counts.js';
import { toApiObject } from '../../engine/sql/db.js';
import {
  AlterationCountByGeneSchema, CaseListDataCountSchema, ClinicalDataCountFilterSchema, ClinicalDataCountItemSchema,
  CopyNumberCountByGeneSchema, GenomicDataCountSchema,
} from '../schemas/study-view-counts.js';
import { StudyViewFilterSchema } from '../schemas/study-view-filter.js';
import { ownItems, StudyViewRequest } from '../study-view-request.js';

const TAGS = ['Study View'];

/** Adds the derived fields of AlterationCountByGene (uniqueEventKey = the symbol). */
function toAlterationCount<Row extends AlterationCountRow>(row: Row) {
  return { ...toApiObject({ ...row }), uniqueEventKey: row.hugo_gene_symbol, hugoGeneSymbols: [row.hugo_gene_symbol], entrezGeneIds: [row.entrez_gene_id] };
}

export const studyViewCountRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/clinical-data-counts/fetch',
    {
      schema: {
        tags: TAGS, operationId: 'fetchClinicalDataCountsUsingPOST',
        body: ClinicalDataCountFilterSchema, response: { 200: Type.Array(ClinicalDataCountItemSchema) },
      },
    },
    async (request) => {
      const { attributes, studyViewFilter } = request.body;
      const sv = StudyViewRequest.of(app, studyViewFilter);
      // Remove self (3.17): the attribute's clinical filter.
      const omit = ownItems(attributes, (a) => ({ block: 'clinicalDataFilters', key: a.attributeId }));
      const cohort = await sv.cohort({ omit });
      return fetchClinicalDataCounts(app.db, app.matrices, cohort, sv.studyIds, attributes.map((a) => a.attributeId));
    },
  );

  app.post(
    '/sample-lists-counts/fetch',
    {
      schema: {
        tags: TAGS, operationId: 'fetchCaseListCountsUsingPOST',
        body: StudyViewFilterSchema, response: { 200: Type.Array(CaseListDataCountSchema) },
      },
    },
    async (request) => (await fetchSampleListCounts(app.db, app.matrices, await StudyViewRequest.validated(app, request.body).cohort())).map(toApiObject),
  );

  app.post(
    '/molecular-profile-sample-counts/fetch',
    {
      schema: {
        tags: TAGS, operationId: 'fetchMolecularProfileSampleCountsUsingPOST',
        body: StudyViewFilterSchema, response: { 200: Type.Array(GenomicDataCountSchema) },
      },
    },
    async (request) => (await fetchMolecularProfileSampleCounts(app.db, app.matrices, await StudyViewRequest.validated(app, request.body).cohort())).map(toApiObject),
  );

  app.post(
    '/mutated-genes/fetch',
    {
      schema: {
        tags: TAGS, operationId: 'fetchMutatedGenesUsingPOST',
        body: StudyViewFilterSchema, response: { 200: Type.Array(AlterationCountByGeneSchema) },
      },
    },
    async (request) => {
      const sv = StudyViewRequest.of(app, request.body);
      const rows = await fetchAlterationCountsByGene(app.db, app.matrices, await sv.cohort(), 'mutation', readAlterationFilter(request.body.alterationFilter));
      return rows.map(toAlterationCount);
    },
  );

  app.post(
    '/cna-genes/fetch',
    {
      schema: {
        tags: TAGS, operationId: 'fetchCNAGenesUsingPOST',
        body: StudyViewFilterSchema, response: { 200: Type.Array(CopyNumberCountByGeneSchema) },
      },
    },
    async (request) => {
      const sv = StudyViewRequest.of(app, request.body);
      const rows = await fetchCopyNumberCountsByGene(app.db, app.matrices, await sv.cohort(), readAlterationFilter(request.body.alterationFilter));
      return rows.map(toAlterationCount);
    },
  );

  app.post(
    '/structuralvariant-genes/fetch',
    {
      schema: {
        tags: TAGS, operationId: 'fetchStructuralVariantGenesUsingPOST',
        body: StudyViewFilterSchema, response: { 200: Type.Array(AlterationCountByGeneSchema) },
      },
    },
    async (request) => {
      const sv = StudyViewRequest.validated(app, request.body);
      const rows = await fetchAlterationCountsByGene(app.db, app.matrices, await sv.cohort(), 'structural_variant', readAlterationFilter(request.body.alterationFilter));
      return rows.map(toAlterationCount);
    },
  );
};
