// A client generated at run time from the served OpenAPI description (openapi-client-axios) calls
// operations by their cBioPortal operationId over real HTTP on 127.0.0.1.
import type { FastifyInstance } from 'fastify';
import { OpenAPIClientAxios } from 'openapi-client-axios';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp } from '../helpers/app.js';

let app: FastifyInstance;
let base: string;

beforeAll(async () => {
  app = await openTestApp(['study_hg38', 'ascn-test-study']);
  base = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => app.close());

describe('a generated client', () => {
  it('drives the API by operationId', async () => {
    const api = new OpenAPIClientAxios({ definition: `${base}/api/v3/api-docs`, axiosConfigDefaults: { baseURL: base } });
    // The client's operation methods are generated from the document, so they are untyped here.
    const client = (await api.init()) as unknown as Record<string, (params?: unknown, body?: unknown) => Promise<{ data: unknown }>>;
    const studies = (await client.getAllStudiesUsingGET({ sortBy: 'studyId' })).data as { studyId: string }[];
    expect(studies.map((s) => s.studyId)).toEqual(['ascn_test_study', 'study_hg38']);
    const samples = (await client.getAllSamplesInStudyUsingGET({ studyId: 'ascn_test_study', projection: 'ID' })).data as { sampleId: string }[];
    expect(samples).toHaveLength(6); // ascn data_clinical_sample.txt: 6 samples
    const fetched = (await client.fetchSamplesUsingPOST(null, { sampleIdentifiers: [{ studyId: 'study_hg38', sampleId: 'TCGA-A2-A04P-01' }] })).data;
    expect(fetched).toMatchObject([{ sampleId: 'TCGA-A2-A04P-01', patientId: 'TCGA-A2-A04P', studyId: 'study_hg38' }]);
    const profiles = (await client.getAllMolecularProfilesInStudyUsingGET({ studyId: 'ascn_test_study' })).data as { molecularProfileId: string }[];
    expect(profiles.map((p) => p.molecularProfileId)).toEqual(['ascn_test_study_cna', 'ascn_test_study_mutations']);
    const attributes = (await client.getAllClinicalAttributesInStudyUsingGET({ studyId: 'study_hg38' })).data as { clinicalAttributeId: string }[];
    expect(attributes.map((a) => a.clinicalAttributeId)).toContain('SUBTYPE');
  });
});
