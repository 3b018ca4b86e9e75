// The authorisation matrix (issue 6): on a login-required instance, alice may read study A
// (study_es_0) only. For every operation of the served OpenAPI description she asks for the data
// of the other studies (B) by every way the operation allows: path and query parameters, and a
// body built from the operation's schema with B's study, profile, sample list, sample and patient
// ids (alone, and mixed with A's) wherever a field takes them. Every answer must be 403, or hold
// no row of B: no B study id, profile id, sample or patient id, or unique key in its text.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueKey } from '../../engine/keys.js';
import { sql } from '../../engine/sql/sql.js';
import { StateStore } from '../../engine/state/state-store.js';
import { grantAuthority } from '../../engine/state/users.js';
import { buildApp } from '../../server/app.js';
import { settingsFrom } from '../../server/config/settings.js';
import { loadTestStudy, openReferenceStore } from '../helpers/store.js';

const A = 'study_es_0';
const B_STUDIES = ['study_hg38', 'lgg_ucsf_2014_test_generic_assay'];
const FORBIDDEN = { message: 'Access to the specified resource has been forbidden' };

interface Ids { study: string; profiles: string[]; sampleList: string; sample: string; patient: string }
interface Operation { method: 'GET' | 'POST' | 'DELETE'; path: string; op: Record<string, unknown> }
type Schema = Record<string, unknown>;

let app: FastifyInstance;
let state: StateStore;
let doc: { paths: Record<string, Record<string, Schema>>; components: { schemas: Record<string, Schema> } };
const ids = new Map<string, Ids>();
/** Texts that only a row of a B study can contain. */
const markers: string[] = [];
/** A mutation position of study_hg38, and how many mutations of study_es_0 it holds. */
let position: { entrez_gene_id: number; protein_pos_start: number; protein_pos_end: number; in_a: number };

beforeAll(async () => {
  const store = await openReferenceStore();
  for (const study of [A, ...B_STUDIES]) await loadTestStudy(store, study);
  for (const study of [A, ...B_STUDIES]) {
    const one = async (query: ReturnType<typeof sql>) => ((await store.db.one<{ id: string }>(query))?.id ?? '');
    const profiles = (await store.db.all<{ id: string }>(sql`SELECT stable_id AS id FROM molecular_profile JOIN cancer_study USING (study_key) WHERE study_id = ${study} ORDER BY 1`)).map((r) => r.id);
    ids.set(study, {
      study, profiles,
      sampleList: await one(sql`SELECT stable_id AS id FROM sample_list JOIN cancer_study USING (study_key) WHERE study_id = ${study} ORDER BY 1 LIMIT 1`),
      sample: await one(sql`SELECT sample_id AS id FROM sample JOIN cancer_study USING (study_key) WHERE study_id = ${study} ORDER BY 1 LIMIT 1`),
      patient: await one(sql`SELECT patient_id AS id FROM patient JOIN cancer_study USING (study_key) WHERE study_id = ${study} ORDER BY 1 LIMIT 1`),
    });
    if (study === A) continue;
    markers.push(study, ...profiles);
    const cases = await store.db.all<{ sample_id: string; patient_id: string }>(sql`
      SELECT s.sample_id, p.patient_id FROM sample s JOIN patient p USING (patient_key) JOIN cancer_study c ON c.study_key = s.study_key WHERE c.study_id = ${study}`);
    for (const c of cases) markers.push(uniqueKey(c.sample_id, study), uniqueKey(c.patient_id, study));
  }
  position = (await store.db.one<typeof position>(sql`
    SELECT m.entrez_gene_id, m.protein_pos_start, m.protein_pos_end,
      (SELECT count(*)::INTEGER FROM mutation x JOIN cancer_study xc USING (study_key) WHERE xc.study_id = ${A} AND x.entrez_gene_id = m.entrez_gene_id
        AND x.protein_pos_start >= m.protein_pos_start AND x.protein_pos_end <= m.protein_pos_end) AS in_a
    FROM mutation m JOIN cancer_study c USING (study_key)
    WHERE c.study_id = 'study_hg38' AND m.protein_pos_start IS NOT NULL ORDER BY m.entrez_gene_id, m.protein_pos_start LIMIT 1`))!;
  state = await StateStore.open(':memory:');
  await grantAuthority(state, 'alice', `cbioportal:${A}`);
  await grantAuthority(state, 'root', 'cbioportal:ALL');
  app = await buildApp({ db: store.db, settings: settingsFrom(new Map([['authenticate', 'header']])), state });
  doc = (await app.inject({ url: '/api/v3/api-docs' })).json();
}, 120_000);
afterAll(async () => {
  await app.close();
  state.close();
});

function operations(): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ method: method.toUpperCase() as Operation['method'], path, op })));
}

const resolve = (schema: Schema | undefined): Schema => {
  if (schema?.$ref) return resolve(doc.components.schemas[String(schema.$ref).split('/').pop()!]);
  return schema ?? {};
};

/** A value for a field or parameter naming a study's data; undefined for other names. */
function idValue(name: string, who: Ids[]): unknown {
  // Single ids name the last of `who` (B in a mixed A + B request); lists name all.
  const first = who[who.length - 1];
  const profileOf = (kind: RegExp) => who.map((w) => w.profiles.find((p) => kind.test(p)) ?? w.profiles[0]);
  switch (name) {
    case 'studyId': case 'cancerStudyId': return first.study;
    case 'studyIds': return who.map((w) => w.study);
    case 'molecularProfileId': case 'geneticProfileId': case 'molecularProfileIdA': case 'molecularProfileIdB': return profileOf(/mutations|rna|mrna/).at(-1);
    case 'molecularProfileIds': return profileOf(/mutations/);
    case 'sampleListId': return first.sampleList;
    case 'sampleListIds': return who.map((w) => w.sampleList);
    case 'caseLists': return [who.map((w) => w.sampleList)];
    case 'sampleId': case 'caseId': case 'entityId': return first.sample;
    case 'patientId': return first.patient;
    case 'sampleIds': return who.map((w) => w.sample);
    case 'uniqueSampleKeys': return who.map((w) => uniqueKey(w.sample, w.study));
    case 'uniquePatientKeys': return who.map((w) => uniqueKey(w.patient, w.study));
    case 'sampleIdentifiers': return who.map((w) => ({ studyId: w.study, sampleId: w.sample }));
    case 'patientIdentifiers': return who.map((w) => ({ studyId: w.study, patientId: w.patient }));
    case 'identifiers': return who.map((w) => ({ studyId: w.study, entityId: w.sample }));
    case 'sampleMolecularIdentifiers': return who.map((w) => ({ molecularProfileId: w.profiles[0], sampleId: w.sample }));
    case 'molecularProfileCaseIdentifiers': return who.map((w) => ({ molecularProfileId: w.profiles[0], caseId: w.sample }));
    default: return undefined;
  }
}

/** A value of a schema, ids of `who` wherever a field takes them. */
function generate(schemaIn: Schema | undefined, who: Ids[], depth = 0): unknown {
  const schema = resolve(schemaIn);
  const variants = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (variants?.length) return generate(variants.find((v) => resolve(v).type === 'object') ?? variants[0], who, depth);
  if (schema.enum) return (schema.enum as unknown[])[0];
  if (schema.const !== undefined) return schema.const;
  switch (schema.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      if (depth > 4) return out;
      for (const [name, field] of Object.entries((schema.properties ?? {}) as Record<string, Schema>)) {
        const id = idValue(name, who);
        if (id !== undefined) out[name] = id;
        else if (((schema.required ?? []) as string[]).includes(name)) out[name] = generate(field, who, depth + 1);
      }
      return out;
    }
    case 'array': return depth > 4 ? [] : [generate(schema.items as Schema, who, depth + 1)];
    case 'integer': case 'number': return 1;
    case 'boolean': return false;
    default: return 'TP53';
  }
}

/** The request of an operation naming `who`'s data; `named` says whether some part could name a study. */
function request(o: Operation, who: Ids[]): { url: string; payload?: unknown; named: boolean } {
  let named = false;
  const parameters = (o.op.parameters ?? []) as { name: string; in: string; required?: boolean; schema?: Schema }[];
  let url = o.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const id = idValue(name, who);
    if (id !== undefined) named = true;
    return encodeURIComponent(String(id ?? (name === 'geneId' ? 'TP53' : name === 'genomeName' ? 'hg19' : 'x')));
  });
  const query = new URLSearchParams();
  for (const p of parameters.filter((p) => p.in === 'query')) {
    const id = idValue(p.name, who);
    if (id !== undefined) {
      named = true;
      query.set(p.name, String(id));
    } else if (p.required) query.set(p.name, String(generate(p.schema, who)));
  }
  if ([...query].length) url += `?${query}`;
  const body = resolve((o.op.requestBody as { content?: Record<string, { schema: Schema }> } | undefined)?.content?.['application/json']?.schema);
  if (Object.keys(body).length === 0) return { url, named };
  let payload: unknown;
  const items = resolve(body.items as Schema | undefined);
  if (body.type === 'array' && items.type === 'string') {
    // A bare id list: the operation's own kind of id (its route's bodyIds), else B's study ids.
    payload = /profile|driver-annotation/i.test(o.path) ? who.map((w) => w.profiles[0])
      : /sample-lists/.test(o.path) ? who.map((w) => w.sampleList) : who.map((w) => w.study);
    named = named || !/genes|gene-panels|genesets|reference-genome|generic-assay-meta|genetic-entities/.test(o.path);
  } else {
    payload = generate(body, who);
    named = named || JSON.stringify(payload).includes(who[who.length - 1].study) || JSON.stringify(payload).includes(who[who.length - 1].profiles[0] ?? '\u0000');
  }
  return { url, payload, named };
}

const asUser = (user: string) => ({ 'x-remote-user': user, 'content-type': 'application/json' });

describe('authorisation matrix', () => {
  it('covers every operation of the API description', () => {
    expect(operations().length).toBeGreaterThan(130);
  });

  it('answers 403, or no row of B, to every way of asking for B', async () => {
    const leaks: string[] = [];
    const notForbidden: string[] = [];
    let forbidden = 0;
    for (const o of operations()) {
      for (const b of B_STUDIES) {
        for (const who of [[ids.get(b)!], [ids.get(A)!, ids.get(b)!]]) {
          const r = request(o, who);
          const res = await app.inject({ method: o.method, url: r.url, headers: asUser('alice'), ...(r.payload === undefined ? {} : { payload: JSON.stringify(r.payload) }) });
          const leaked = markers.find((m) => res.body.includes(m));
          if (res.statusCode === 403) {
            forbidden++;
            expect(res.json(), `${o.method} ${r.url}`).toEqual(FORBIDDEN);
          } else if (leaked !== undefined) leaks.push(`${o.method} ${r.url} ${JSON.stringify(r.payload)?.slice(0, 200)} → ${res.statusCode} contains ${leaked}`);
          else if (r.named && res.statusCode < 400) notForbidden.push(`${o.method} ${r.url} ${JSON.stringify(r.payload)?.slice(0, 200)} → ${res.statusCode}`);
          expect(res.statusCode, `${o.method} ${r.url}`).toBeLessThan(500);
        }
      }
    }
    expect(leaks).toEqual([]);
    // Asking for B and getting a 2xx is only acceptable without B's rows; list those for review.
    expect(notForbidden).toEqual([]);
    expect(forbidden).toBeGreaterThan(250);
  }, 300_000);

  it('lets alice read A by the same requests', async () => {
    const failures: string[] = [];
    for (const o of operations().filter((o) => /\{studyId\}|\{molecularProfileId\}|\{sampleListId\}/.test(o.path) && o.method === 'GET')) {
      const r = request(o, [ids.get(A)!]);
      const res = await app.inject({ method: o.method, url: r.url, headers: asUser('alice') });
      if (res.statusCode === 403 || res.statusCode === 401) failures.push(`${o.method} ${r.url} → ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it('filters listings to the readable studies', async () => {
    const studies = async (user: string) => ((await app.inject({ url: '/api/studies', headers: asUser(user) })).json() as { studyId: string }[]).map((s) => s.studyId).sort();
    expect(await studies('alice')).toEqual([A]);
    expect(await studies('root')).toEqual([A, ...B_STUDIES].sort());
    for (const url of ['/api/samples?projection=ID', '/api/patients?projection=ID', '/api/sample-lists?projection=ID', '/api/molecular-profiles', '/api/clinical-attributes']) {
      const mine = await app.inject({ url, headers: asUser('alice') });
      expect(mine.statusCode).toBe(200);
      expect(mine.json().length, url).toBeGreaterThan(0);
      expect(markers.filter((m) => mine.body.includes(m)), url).toEqual([]);
      const all = await app.inject({ url, headers: asUser('root') });
      expect(markers.some((m) => all.body.includes(m)), url).toBe(true);
    }
    const meta = await app.inject({ url: '/api/studies?projection=META', headers: asUser('alice') });
    expect(meta.headers['total-count']).toBe('1');
  });

  it('counts mutations by position in readable studies only', async () => {
    const body = JSON.stringify([{ entrezGeneId: position.entrez_gene_id, proteinPosStart: position.protein_pos_start, proteinPosEnd: position.protein_pos_end }]);
    const count = async (user: string) => ((await app.inject({ method: 'POST', url: '/api/mutation-counts-by-position/fetch', headers: asUser(user), payload: body })).json() as { count: number }[])[0].count;
    expect(await count('alice')).toBe(position.in_a);
    expect(await count('root')).toBeGreaterThan(position.in_a);
  });

  it('refuses an unknown study with 403 (not 404) and a caller without credentials with an empty 401', async () => {
    const res = await app.inject({ url: '/api/studies/no_such_study', headers: asUser('alice') });
    expect([res.statusCode, res.json()]).toEqual([403, FORBIDDEN]);
    const anonymous = await app.inject({ url: `/api/studies/${A}` });
    expect([anonymous.statusCode, anonymous.body]).toEqual([401, '']);
  });
});
