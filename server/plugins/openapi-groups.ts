// cBioPortal splits its OpenAPI description in two groups, /api/v3/api-docs/public (the front end's
// CBioPortalAPI client) and /api/v3/api-docs/internal (CBioPortalAPIInternal): its public API is
// the operations below, every other one is internal (as are the routes added since).
type Json = Record<string, unknown>;

export type ApiGroup = 'public' | 'internal';

export const PUBLIC_OPERATIONS: ReadonlySet<string> = new Set([
  'fetchAllClinicalDataInStudyUsingPOST', 'fetchAllMolecularDataInMolecularProfileUsingPOST', 'fetchClinicalAttributesUsingPOST',
  'fetchClinicalDataUsingPOST', 'fetchCopyNumberSegmentsUsingPOST', 'fetchDiscreteCopyNumbersInMolecularProfileUsingPOST',
  'fetchGenePanelDataInMultipleMolecularProfilesUsingPOST', 'fetchGenePanelsUsingPOST', 'fetchGenericAssayDataInMolecularProfileUsingPOST',
  'fetchGenericAssayDataInMultipleMolecularProfilesUsingPOST', 'fetchGenericAssayMetaUsingPOST', 'fetchGenesUsingPOST',
  'fetchMolecularDataInMultipleMolecularProfilesUsingPOST', 'fetchMolecularProfilesUsingPOST', 'fetchMutationsInMolecularProfileUsingPOST',
  'fetchMutationsInMultipleMolecularProfilesUsingPOST', 'fetchPatientsUsingPOST', 'fetchSampleListsUsingPOST', 'fetchSamplesUsingPOST',
  'fetchStudiesUsingPOST', 'getAliasesOfGeneUsingGET', 'getAllCancerTypesUsingGET', 'getAllClinicalAttributesInStudyUsingGET',
  'getAllClinicalAttributesUsingGET', 'getAllClinicalDataInStudyUsingGET', 'getAllClinicalDataOfPatientInStudyUsingGET',
  'getAllClinicalDataOfSampleInStudyUsingGET', 'getAllGenePanelsUsingGET', 'getAllGenesUsingGET', 'getAllMolecularDataInMolecularProfileUsingGET',
  'getAllMolecularProfilesInStudyUsingGET', 'getAllMolecularProfilesUsingGET', 'getAllPatientsInStudyUsingGET', 'getAllPatientsUsingGET',
  'getAllSampleIdsInSampleListUsingGET', 'getAllSampleListsInStudyUsingGET', 'getAllSampleListsUsingGET', 'getAllSamplesInStudyUsingGET',
  'getAllSamplesOfPatientInStudyUsingGET', 'getAllStudiesUsingGET', 'getCancerTypeUsingGET', 'getClinicalAttributeInStudyUsingGET',
  'getCopyNumberSegmentsInSampleInStudyUsingGET', 'getDiscreteCopyNumbersInMolecularProfileUsingGET', 'getGenePanelDataUsingPOST',
  'getGenePanelUsingGET', 'getGeneUsingGET', 'getGenericAssayDataInMolecularProfileUsingGET', 'getGenericAssayMetaUsingGET',
  'getGenericAssayMeta_gaUsingGET', 'getInfoUsingGET', 'getMolecularProfileUsingGET', 'getMutationsInMolecularProfileBySampleListIdUsingGET',
  'getPatientInStudyUsingGET', 'getSampleInStudyUsingGET', 'getSampleListUsingGET', 'getSamplesByKeywordUsingGET', 'getServerStatusUsingGET',
  'getStudyUsingGET', 'getTagsForMultipleStudiesUsingPOST', 'getTagsUsingGET',
]);

export const groupOf = (operationId: unknown): ApiGroup => (PUBLIC_OPERATIONS.has(String(operationId)) ? 'public' : 'internal');

/** The OpenAPI 3 document of one group: its operations and the models they reach. */
export function apiGroup(openapi: Json, group: ApiGroup): Json {
  const paths: Json = {};
  for (const [path, item] of Object.entries(openapi.paths as Record<string, Json>)) {
    const kept = Object.entries(item).filter(([, operation]) => groupOf((operation as Json).operationId) === group);
    if (kept.length) paths[path] = Object.fromEntries(kept);
  }
  const components = (openapi.components ?? {}) as Json;
  const schemas = (components.schemas ?? {}) as Json;
  const reached = new Set<string>();
  const reach = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(reach);
    if (typeof node !== 'object' || node === null) return;
    const ref = (node as Json).$ref;
    const name = typeof ref === 'string' ? ref.split('/').pop()! : undefined;
    if (name !== undefined && !reached.has(name)) {
      reached.add(name);
      reach(schemas[name]);
    }
    Object.values(node).forEach(reach);
  };
  reach(paths);
  const kept = Object.fromEntries(Object.entries(schemas).filter(([name]) => reached.has(name)));
  return { ...openapi, paths, components: { ...components, schemas: kept } };
}
