// The world of the authorisation tests: every shared study on a login-required instance (header
// login, dat.method=uuid) where alice may read study A (study_es_0) only, root every study, gdac
// the GDAC group and public the PUBLIC group; B is every other study, and two virtual studies
// saved by root name B too. It knows what only a row of B can contain (`rowsOfB`) and builds
// each operation's requests from the served OpenAPI description and OPERATIONS.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { uniqueKey } from '../../engine/keys.js';
import { sql } from '../../engine/sql/sql.js';
import { StateStore } from '../../engine/state/state-store.js';
import { grantAuthority } from '../../engine/state/users.js';
import { buildApp } from '../../server/app.js';
import { settingsFrom } from '../../server/config/settings.js';
import { operationsOf, RequestBuilder, type ApiDoc, type ApiRequest, type Operation, type Pick, type RequestShape, type StudyIds } from '../helpers/api-requests.js';
import { ALL_STUDIES } from '../helpers/app.js';
import { loadTestStudy, openReferenceStore } from '../helpers/store.js';
import { OPERATIONS, type Entry } from './authorization-operations.js';

export const A = 'study_es_0';
export const FORBIDDEN = { message: 'Access to the specified resource has been forbidden' };
const UNKNOWN: StudyIds = {
  study: 'no_such_study', profiles: [{ id: 'no_such_study_mutations', type: 'MUTATION_EXTENDED', datatype: 'MAF' }], sampleList: 'no_such_study_all', sample: 'S1', patient: 'P1',
};

export const asUser = (user: string) => ({ 'x-remote-user': user });
export const describeRequest = (r: ApiRequest) => `${r.method} ${r.url} ${r.payload === undefined ? '' : JSON.stringify(r.payload).slice(0, 300)}`;

export class AuthorizationFixture {
  /** Each listing's answer (body, total-count) on a login-free instance over the same store. */
  readonly loginFree = new Map<string, [string, unknown]>();
  readonly ids = new Map<string, StudyIds>();
  B: StudyIds[] = [];
  /** Virtual studies saved by root, of one B study and of A with a B study: another way to name B. */
  readonly virtualB: StudyIds[] = [];
  app!: FastifyInstance;
  doc!: ApiDoc;
  builder!: RequestBuilder;
  /** Texts only a B study's id, profile, sample list, unique key or virtual study can contain. */
  private readonly references: string[] = [];
  /** What names B or the unknown study in a request only: unique keys under a virtual study's id or the unknown study's. */
  private readonly requestOnlyReferences: string[] = [UNKNOWN.study, uniqueKey(UNKNOWN.sample, UNKNOWN.study), uniqueKey(UNKNOWN.patient, UNKNOWN.study)];
  /** B sample and patient ids that are no id of A: found as whole JSON strings. */
  private readonly caseIds = new Set<string>();
  private genesetId = '';

  private constructor(readonly store: Awaited<ReturnType<typeof openReferenceStore>>, readonly state: StateStore) {}

  static async open(): Promise<AuthorizationFixture> {
    const store = await openReferenceStore();
    for (const study of ALL_STUDIES) await loadTestStudy(store, study);
    const f = new AuthorizationFixture(store, await StateStore.open(':memory:'));
    await f.readIds();
    await grantAuthority(f.state, 'alice', `cbioportal:${A}`);
    await grantAuthority(f.state, 'root', 'cbioportal:ALL');
    await grantAuthority(f.state, 'gdac', 'cbioportal:GDAC');
    await grantAuthority(f.state, 'public', 'ROLE_cbioportal:public');
    // One app at a time on a store (each attaches its cohort cache).
    const free = await buildApp({ db: store.db });
    f.doc = (await free.inject({ url: '/api/v3/api-docs' })).json();
    f.builder = new RequestBuilder(f.doc);
    for (const o of f.operations('lists')) {
      const res = await inject(free, f.requestsOfA(o)[0]);
      f.loginFree.set(o.operationId, [res.body, res.headers['total-count']]);
    }
    await free.close();
    f.app = await buildApp({ db: store.db, settings: settingsFrom(new Map([['authenticate', 'header'], ['dat.method', 'uuid']])), state: f.state });
    for (const members of [[f.B[0]], [f.ids.get(A)!, f.B[1]]]) {
      const res = await f.send({ method: 'POST', url: '/api/session/virtual_study', payload: { name: 'v', studies: members.map((m) => ({ id: m.study, samples: [m.sample] })) } }, 'root');
      if (res.statusCode !== 200) throw new Error(`saving a virtual study: ${res.statusCode} ${res.body}`);
      const id = res.json().id as string;
      const b = members[members.length - 1];
      f.virtualB.push({ ...b, study: id });
      f.references.push(id);
      f.requestOnlyReferences.push(uniqueKey(b.sample, id), uniqueKey(b.patient, id));
    }
    return f;
  }

  async close(): Promise<void> {
    await this.app?.close();
    this.state.close();
  }

  /** Each study's ids; a sample with the most mutations (A's requests then have rows to return), its patient, the `_all` list. */
  private async readIds(): Promise<void> {
    const db = this.store.db;
    const studyIds = (await db.all<{ study_id: string }>(sql`SELECT study_id FROM cancer_study ORDER BY study_id`)).map((r) => r.study_id);
    for (const study of studyIds) {
      const one = async (query: ReturnType<typeof sql>) => (await db.one<{ id: string }>(query))!.id;
      const profiles = await db.all<{ id: string; type: string; datatype: string }>(sql`
        SELECT stable_id AS id, genetic_alteration_type AS type, datatype FROM molecular_profile JOIN cancer_study USING (study_key) WHERE study_id = ${study} ORDER BY 1`);
      const sample = await one(sql`
        SELECT s.sample_id AS id FROM sample s JOIN cancer_study c USING (study_key)
        WHERE c.study_id = ${study} ORDER BY (SELECT count(*) FROM mutation m WHERE m.sample_key = s.sample_key) DESC, 1 LIMIT 1`);
      this.ids.set(study, {
        study, profiles, sample,
        sampleList: await one(sql`SELECT stable_id AS id FROM sample_list JOIN cancer_study USING (study_key) WHERE study_id = ${study} ORDER BY stable_id NOT LIKE '%\_all' ESCAPE '\\', 1 LIMIT 1`),
        patient: await one(sql`SELECT p.patient_id AS id FROM sample s JOIN patient p USING (patient_key) JOIN cancer_study c ON c.study_key = s.study_key WHERE c.study_id = ${study} AND s.sample_id = ${sample}`),
      });
    }
    this.B = studyIds.filter((s) => s !== A).map((s) => this.ids.get(s)!);
    const aCases = new Set((await db.all<{ id: string }>(sql`
      SELECT sample_id AS id FROM sample JOIN cancer_study USING (study_key) WHERE study_id = ${A}
      UNION SELECT patient_id FROM patient JOIN cancer_study USING (study_key) WHERE study_id = ${A}`)).map((r) => r.id));
    for (const b of this.B) {
      this.references.push(b.study, ...b.profiles.map((p) => p.id));
      const cases = await db.all<{ sample_id: string; patient_id: string }>(sql`
        SELECT s.sample_id, p.patient_id FROM sample s JOIN patient p USING (patient_key) JOIN cancer_study c ON c.study_key = s.study_key WHERE c.study_id = ${b.study}`);
      for (const c of cases) {
        this.references.push(uniqueKey(c.sample_id, b.study), uniqueKey(c.patient_id, b.study));
        for (const id of [c.sample_id, c.patient_id]) if (!aCases.has(id)) this.caseIds.add(id);
      }
    }
    this.genesetId = (await db.one<{ id: string }>(sql`SELECT geneset_id AS id FROM geneset ORDER BY 1 LIMIT 1`))!.id;
  }

  send(request: ApiRequest, user: string): Promise<LightMyRequestResponse> {
    return inject(this.app, request, asUser(user));
  }

  /** The B rows an answer holds (as the texts that show them). */
  rowsOfB(text: string): string[] {
    const found = this.references.filter((r) => text.includes(r));
    for (const [, value] of text.matchAll(/"((?:[^"\\]|\\.)*)"/g)) if (this.caseIds.has(value)) found.push(value);
    return found;
  }

  /** Whether a request names B or an unknown study (by its whole text). */
  namesB(r: ApiRequest): boolean {
    const text = `${r.url} ${JSON.stringify(r.payload) ?? ''}`;
    return [...this.references, ...this.requestOnlyReferences].some((m) => text.includes(m));
  }

  entryOf = (o: Operation): Entry => OPERATIONS[o.operationId];

  operations(...kinds: Entry['kind'][]): Operation[] {
    return operationsOf(this.doc).filter((o) => kinds.length === 0 || kinds.includes(this.entryOf(o)?.kind));
  }

  /** Every request of an operation naming A only (one per alternative way of naming its cases). */
  requestsOfA(o: Operation): ApiRequest[] {
    const shape = this.shapeOf(o);
    const a = this.ids.get(A)!;
    const out = new Map<string, ApiRequest>();
    for (let choice = 0; choice < this.builder.choices(o, shape, a); choice++) {
      const r = this.builder.build(o, shape, () => [a], choice);
      out.set(`${r.method} ${r.url} ${JSON.stringify(r.payload)}`, r);
    }
    return [...out.values()];
  }

  /** The requests of an operation naming B: per slot (B alone, A with B, B's virtual studies), all slots at once, an unknown study. */
  requestsNamingB(o: Operation): ApiRequest[] {
    const shape = this.shapeOf(o);
    const { B, virtualB } = this;
    const a = this.ids.get(A)!;
    const out = new Map<string, ApiRequest>();
    const add = (choice: number, pick: Pick) => {
      const r = this.builder.build(o, shape, pick, choice);
      out.set(`${r.method} ${r.url} ${JSON.stringify(r.payload)}`, r);
    };
    for (let choice = 0; choice < this.builder.choices(o, shape, a); choice++) {
      this.builder.slots(o, shape, choice, a).forEach((slot, i) => {
        for (const who of [[B[i % B.length]], [a, B[(i + 1) % B.length]], [virtualB[0]], [a, virtualB[1]]]) add(choice, (s) => (s === slot ? who : [a]));
      });
      for (const b of B) add(choice, () => [b]);
      add(choice, () => [UNKNOWN]);
    }
    return [...out.values()];
  }

  /** The operation's shape with the store's gene set id in place of GENESET. */
  private shapeOf(o: Operation): RequestShape {
    const shape = this.entryOf(o).shape ?? {};
    const swap = <T>(value: T): T => JSON.parse(JSON.stringify(value).replaceAll('"GENESET"', JSON.stringify(this.genesetId)));
    return {
      ...shape,
      path: shape.path && swap(shape.path),
      query: shape.query && ((p) => swap(shape.query!(p))),
      body: shape.body && ((p) => swap(shape.body!(p))),
    };
  }
}

function inject(app: FastifyInstance, request: ApiRequest, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  if (request.payload === undefined) return app.inject({ method: request.method, url: request.url, headers });
  return app.inject({ method: request.method, url: request.url, headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify(request.payload) });
}
