// The authorisation matrix (issue 6): on a login-required instance alice may read study A
// (study_es_0) only; B is every other shared study (authorization-fixture.ts). For every operation
// of the served OpenAPI description (each must be in OPERATIONS, so that a new route cannot be
// forgotten) she asks for B's data in every place the operation takes an id (each slot alone, B
// alone and mixed with A, B through a virtual study, all slots at once, an unknown study). A
// request naming B must answer 403 with cBioPortal's message; a request that does not (sample ids
// inside A's scope, listings, gene reference data) must hold no row of B: no B study, profile or
// sample list id, no B unique key, no B-only sample or patient id in its text. Each request naming
// A only must succeed, so that the refusals are not validation failures in disguise.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestReferences } from '../../server/security/request-references.js';
import { AuthorizationFixture, describeRequest, FORBIDDEN } from './authorization-fixture.js';
import { OPERATIONS } from './authorization-operations.js';

/** The routes that check permissions themselves, each tested in authorization-listings.test.ts or session-*.test.ts. */
const OWN_CHECKED = ['addSessionUsingPOST', 'addSessionUsingPOST_1', 'addUserSavedCustomGeneListUsingPOST', 'addUserSavedVirtualStudyUsingPOST', 'fetchCustomGeneListUsingGET',
  'getPageSettingsUsingPOST', 'getSessionUsingGET', 'getSessionUsingGET_1', 'getUserStudiesUsingGET', 'publishVirtualStudyUsingPOST', 'unPublishVirtualStudyUsingDELETE',
  'updateUserPageSettingsUsingPOST', 'updateUsersInSessionUsingGET'];

let f: AuthorizationFixture;
beforeAll(async () => {
  f = await AuthorizationFixture.open();
}, 120_000);
afterAll(() => f?.close());

describe('authorisation matrix', () => {
  it('lists every operation of the API description, and only those', () => {
    const served = f.operations().map((o) => o.operationId).sort();
    expect(served.filter((id) => !(id in OPERATIONS)), 'operations missing from OPERATIONS').toEqual([]);
    expect(Object.keys(OPERATIONS).filter((id) => !served.includes(id)), 'OPERATIONS no longer served').toEqual([]);
    // Each route that checks itself has its own test below.
    expect(Object.keys(OPERATIONS).filter((id) => OPERATIONS[id].kind === 'own').sort()).toEqual(OWN_CHECKED);
  });

  it('knows every id-like field and parameter name of the description', () => {
    // A new name that carries study, profile or sample list ids must reach request-references.ts
    // (and the request builder); the others are listed here by what they carry.
    const CONTAINERS = ['identifiers', 'sampleIdentifiers', 'patientIdentifiers', 'sampleMolecularIdentifiers', 'molecularProfileCaseIdentifiers', 'samples'];
    const CASES_IN_A_NAMED_STUDY = ['sampleId', 'patientId', 'caseId', 'entityId', 'sampleIds', 'ids', 'includeSampleIds'];
    const NO_STUDY = ['attributeId', 'attributeIds', 'cancerTypeId', 'categoricalAttributeId', 'censoredEventRequestIdentifier', 'clinicalAttributeId',
      'endEventRequestIdentifier', 'entrezGeneId', 'entrezGeneIds', 'entrezId', 'geneId', 'genePanelId', 'genericAssayStableId', 'genericAssayStableIds',
      'genesetId', 'genesetIds', 'genomicProfiles', 'clinicallist', 'innerKey', 'key', 'numericalAttributeId', 'outerKey', 'pmid', 'resourceId', 'stableId',
      'startEventRequestIdentifier', 'typeOfCancerId', 'xAxisAttributeId', 'yAxisAttributeId'];
    // Virtual studies: `id` (the route checks the studies it is built from), `studies` (the same, when saving).
    const VIRTUAL_STUDY = ['id', 'studies'];
    const names = new Set<string>();
    const seen = new Set<string>();
    const walk = (schema: unknown): void => {
      if (typeof schema !== 'object' || schema === null) return;
      const s = schema as Record<string, unknown>;
      if (typeof s.$ref === 'string') {
        if (seen.has(s.$ref)) return;
        seen.add(s.$ref);
        return walk(f.doc.components.schemas[s.$ref.split('/').pop()!]);
      }
      for (const [name, field] of Object.entries((s.properties ?? {}) as Record<string, unknown>)) {
        names.add(name);
        walk(field);
      }
      for (const key of ['items', 'anyOf', 'oneOf', 'allOf', 'additionalProperties']) [s[key]].flat().forEach(walk);
    };
    for (const o of f.operations()) {
      for (const p of (o.op.parameters ?? []) as { name: string }[]) names.add(p.name);
      walk((o.op.requestBody as { content?: Record<string, { schema: unknown }> } | undefined)?.content?.['application/json']?.schema);
    }
    const knownToTheCheck = (name: string) => {
      const refs = requestReferences([{ [name]: ['x'] }]);
      return refs.studies.size + refs.profiles.size + refs.sampleLists.size > 0 || /^unique(Sample|Patient)Keys?$/.test(name);
    };
    const idLike = [...names].filter((n) => /(id|ids|key|keys|identifiers?|lists?|studies|samples|patients|profiles?|cases?)$/i.test(n));
    expect(idLike.filter((n) => !knownToTheCheck(n) && ![...CONTAINERS, ...CASES_IN_A_NAMED_STUDY, ...NO_STUDY, ...VIRTUAL_STUDY].includes(n)).sort()).toEqual([]);
  });

  it('answers every request naming B with 403, and every other with no row of B', async () => {
    const failures: string[] = [];
    let forbidden = 0;
    let sent = 0;
    for (const o of f.operations('reads', 'lists', 'global')) {
      for (const r of f.requestsNamingB(o)) {
        const res = await f.send(r, 'alice');
        sent++;
        if (f.namesB(r)) {
          if (res.statusCode === 403 && res.body === JSON.stringify(FORBIDDEN)) forbidden++;
          else failures.push(`${describeRequest(r)} → ${res.statusCode} ${res.body.slice(0, 200)}`);
        } else {
          const rows = f.rowsOfB(res.body);
          if (rows.length > 0 || res.statusCode >= 500) failures.push(`${describeRequest(r)} → ${res.statusCode} holds ${rows.slice(0, 3).join(', ')}`);
        }
      }
    }
    // Earlier releases' Study View paths (/api/column-store/...) reach the same routes.
    for (const o of f.operations('reads')) {
      const r = f.requestsNamingB(o).find((r) => r.url.includes(f.B[0].study) || JSON.stringify(r.payload ?? '').includes(f.B[0].study))!;
      const res = await f.send({ ...r, url: r.url.replace(/^\/api\//, '/api/column-store/') }, 'alice');
      sent++;
      if (res.statusCode === 403) forbidden++;
      else failures.push(`column-store ${describeRequest(r)} → ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
    console.info(`authorisation matrix: ${sent} requests, ${forbidden} refused`);
    expect(forbidden).toBeGreaterThan(1000);
  }, 600_000);

  it('answers the same requests naming A only', async () => {
    const failures: string[] = [];
    for (const o of f.operations('reads', 'lists', 'global')) {
      for (const r of f.requestsOfA(o)) {
        const res = await f.send(r, 'alice');
        const expected = f.entryOf(o).status ?? 200;
        if (res.statusCode !== expected) failures.push(`${describeRequest(r)} → ${res.statusCode} ${res.body.slice(0, 200)}`);
        else if (f.rowsOfB(res.body).length > 0) failures.push(`${describeRequest(r)} holds ${f.rowsOfB(res.body).slice(0, 3).join(', ')}`);
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);

  it('refuses every operation without credentials with an empty 401, except the public ones', async () => {
    const open401: string[] = [];
    for (const o of f.operations()) {
      const r = f.requestsOfA(o)[0];
      const res = await f.app.inject({ method: r.method, url: r.url, ...(r.payload === undefined ? {} : { headers: { 'content-type': 'application/json' }, payload: JSON.stringify(r.payload) }) });
      if (res.statusCode !== 401 || res.body !== '') open401.push(o.operationId);
    }
    expect(open401.sort()).toEqual(['downloadOAuth2DataAccessTokenUsingGET', 'getInfoUsingGET', 'getPublicVirtualStudiesUsingGET',
      'getServerStatusUsingGET', 'publishVirtualStudyUsingPOST', 'unPublishVirtualStudyUsingDELETE']);
  });
});
