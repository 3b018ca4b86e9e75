// Body validators that check a remembered sampleIdentifiers list once per place: the same answers
// as whole validation, per route and per place in the body, and whole validation where the schema
// of the list's place is more than a plain array.
import { Type, type TSchema } from '@sinclair/typebox';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validatorsSkippingRememberedLists } from './remembered-list-validation.js';
import { rememberSampleIdentifierLists } from './repeated-identifiers.js';

const opt = <T extends TSchema>(t: T) => Type.Optional(Type.Union([t, Type.Null()]));
const Identifier = Type.Object({ studyId: Type.String(), sampleId: Type.String() }, { additionalProperties: true });
const WithPatient = Type.Object({ patientId: Type.String() }, { additionalProperties: true });
const schemas = {
  plain: Type.Object({
    attributes: Type.Array(Type.String()),
    studyViewFilter: Type.Object({ studyIds: opt(Type.Array(Type.String())), sampleIdentifiers: opt(Type.Array(Identifier)) }),
    other: opt(Type.Object({ sampleIdentifiers: Type.Array(WithPatient) })),
  }),
  withPatients: Type.Object({ studyViewFilter: Type.Object({ sampleIdentifiers: Type.Array(WithPatient) }) }),
  // Which items the list needs depends on a sibling: not a plain place.
  conditional: Type.Object({
    studyViewFilter: Type.Union([
      Type.Object({ kind: Type.Literal('a'), sampleIdentifiers: Type.Array(Identifier) }),
      Type.Object({ kind: Type.Literal('b'), sampleIdentifiers: Type.Array(WithPatient) }),
    ]),
  }),
};

let app: FastifyInstance;
let lastBody: Record<string, Record<string, unknown[]>> = {};
beforeAll(async () => {
  app = Fastify({
    bodyLimit: 1 << 26,
    ajv: { customOptions: { coerceTypes: true, removeAdditional: false, verbose: true } },
    schemaController: { compilersFactory: { buildValidator: validatorsSkippingRememberedLists() as never } },
  });
  rememberSampleIdentifierLists(app);
  for (const [name, body] of Object.entries(schemas)) {
    app.post(`/${name}`, { schema: { body } }, async (request) => {
      lastBody = request.body as typeof lastBody;
      return { ok: true };
    });
  }
  await app.ready();
});
afterAll(() => app.close());

const LIST = Array.from({ length: 40_000 }, (_, i) => ({ studyId: 'st', sampleId: `sample-${i}` }));
const post = async (url: string, payload: object) => {
  const res = await app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(payload) });
  return { status: res.statusCode, body: res.json() };
};

describe('validatorsSkippingRememberedLists', () => {
  it('checks a remembered list once per route and place: a later body is checked around it', async () => {
    const body = { attributes: ['AGE'], studyViewFilter: { sampleIdentifiers: LIST } };
    expect((await post('/plain', body)).status).toBe(200); // parsed whole, remembered
    expect((await post('/plain', body)).status).toBe(200); // given the remembered list, checked whole
    // From now on this route does not look into the list: an item spoilt in memory goes unseen.
    const list = lastBody.studyViewFilter.sampleIdentifiers as { studyId: unknown }[];
    expect(Object.isFrozen(list)).toBe(true);
    list[1].studyId = { not: 'a string' };
    try {
      expect((await post('/plain', { attributes: ['OS_MONTHS'], studyViewFilter: { sampleIdentifiers: LIST } })).status).toBe(200);
      // The rest of the body is still checked, with the errors of whole validation.
      const bad = await post('/plain', { attributes: 5, studyViewFilter: { sampleIdentifiers: LIST } });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toMatch(/attributes/);
    } finally {
      list[1].studyId = 'st';
    }
  });

  it('checks the list whole on another route, at another place, or where its schema is not a plain array', async () => {
    const filter = { studyViewFilter: { sampleIdentifiers: LIST } };
    await post('/plain', { attributes: [], ...filter });
    await post('/plain', { attributes: [], ...filter });
    // Items without patientId: refused where the schema asks for one, though /plain passed them.
    expect((await post('/withPatients', filter)).status).toBe(400);
    expect((await post('/withPatients', filter)).status).toBe(400);
    expect((await post('/plain', { attributes: [], other: { sampleIdentifiers: LIST } })).status).toBe(400);
    expect((await post('/plain', { attributes: [], other: { sampleIdentifiers: LIST } })).status).toBe(400);
    // Passed where a sibling asks for identifiers, refused where it asks for patients.
    expect((await post('/conditional', { studyViewFilter: { kind: 'a', sampleIdentifiers: LIST } })).status).toBe(200);
    expect((await post('/conditional', { studyViewFilter: { kind: 'a', sampleIdentifiers: LIST } })).status).toBe(200);
    expect((await post('/conditional', { studyViewFilter: { kind: 'b', sampleIdentifiers: LIST } })).status).toBe(400);
  });
});
