// Every route group of /api, one plugin per resource group (one file each).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { cancerTypeRoutes } from './cancer-types.js';
import { clinicalAttributeRoutes } from './clinical-attributes.js';
import { clinicalDataRoutes } from './clinical-data.js';
import { clinicalEventRoutes } from './clinical-events.js';
import { coExpressionRoutes } from './co-expressions.js';
import { expressionEnrichmentRoutes } from './expression-enrichments.js';
import { copyNumberRoutes } from './copy-number.js';
import { cosmicCountRoutes } from './cosmic-counts.js';
import { genePanelRoutes } from './gene-panels.js';
import { geneRoutes } from './genes.js';
import { genericAssayRoutes } from './generic-assays.js';
import { genesetRoutes } from './genesets.js';
import { healthRoutes } from './health.js';
import { molecularDataRoutes } from './molecular-data.js';
import { molecularProfileRoutes } from './molecular-profiles.js';
import { mrnaPercentileRoutes } from './mrna-percentile.js';
import { mutationRoutes } from './mutations.js';
import { namespaceRoutes } from './namespaces.js';
import { patientRoutes } from './patients.js';
import { resourceRoutes } from './resources.js';
import { sampleListRoutes } from './sample-lists.js';
import { sampleRoutes } from './samples.js';
import { serverInfoRoutes } from './server-info.js';
import { structuralVariantRoutes } from './structural-variants.js';
import { studyAnalysisRoutes } from './study-analyses.js';
import { studyRoutes } from './studies.js';
import { studyViewBinRoutes } from './study-view-bins.js';
import { studyViewSampleRoutes } from './study-view-samples.js';
import { studyViewCountRoutes } from './study-view-counts.js';
import { studyViewCustomDataRoutes } from './study-view-custom-data.js';
import { studyViewDataCountRoutes } from './study-view-data-counts.js';
import { studyViewMoreCountRoutes } from './study-view-more-counts.js';
import { studyViewTreatmentRoutes } from './study-view-treatments.js';
import { studyViewClinicalTableRoutes } from './study-view-clinical-table.js';
import { studyViewPlotRoutes } from './study-view-plots.js';
import { studyViewNamespaceCountRoutes } from './study-view-namespace-counts.js';
import { clinicalEnrichmentRoutes } from './clinical-enrichments.js';
import { alterationEnrichmentRoutes } from './alteration-enrichments.js';
import { genericAssayCategoricalEnrichmentRoutes } from './generic-assay-categorical-enrichments.js';
import { dataAccessTokenRoutes } from './data-access-tokens.js';
import { virtualStudyRoutes } from './virtual-studies.js';
import { sessionRoutes } from './sessions.js';

export const ROUTE_GROUPS: readonly FastifyPluginAsyncTypebox[] = [
  healthRoutes,
  studyRoutes,
  studyAnalysisRoutes,
  cancerTypeRoutes,
  patientRoutes,
  sampleRoutes,
  sampleListRoutes,
  clinicalAttributeRoutes,
  clinicalDataRoutes,
  clinicalEventRoutes,
  molecularProfileRoutes,
  molecularDataRoutes,
  geneRoutes,
  genePanelRoutes,
  mutationRoutes,
  mrnaPercentileRoutes,
  coExpressionRoutes,
  expressionEnrichmentRoutes,
  copyNumberRoutes,
  cosmicCountRoutes,
  structuralVariantRoutes,
  genesetRoutes,
  genericAssayRoutes,
  namespaceRoutes,
  resourceRoutes,
  serverInfoRoutes,
  studyViewBinRoutes,
  studyViewSampleRoutes,
  studyViewCountRoutes,
  studyViewCustomDataRoutes,
  studyViewDataCountRoutes,
  studyViewMoreCountRoutes,
  studyViewTreatmentRoutes,
  studyViewClinicalTableRoutes,
  studyViewNamespaceCountRoutes,
  clinicalEnrichmentRoutes,
  alterationEnrichmentRoutes,
  genericAssayCategoricalEnrichmentRoutes,
  studyViewPlotRoutes,
  dataAccessTokenRoutes,
  virtualStudyRoutes,
  sessionRoutes,
];
