// Body validators that check a remembered sampleIdentifiers list once per place: the same answers
// as whole validation, per route and per place in the body, and whole validation where the schema
// of the list's place is more than a plain array.
import { Type, type TSchema } from '@sinclair/typebox';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validatorsSkippingRememberedLists } from './remembered-list-validation.js';
import { DEFAULT_LIMITS } from './config/limits.js';
import { rememberLongLists } from './repeated-identifiers.js';

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
  // A custom chart's dataset in an item of a list, with bounds (an upper one on the dataset).
  customData: Type.Object({
    attributes: Type.Array(Type.Object({ attributeId: Type.String(), samples: opt(Type.Array(Identifier, { maxItems: 1_000_000 })) }), { maxItems: 10 }),
    studyViewFilter: Type.Object({ sampleIdentifiers: opt(Type.Array(Identifier)) }),
  }),
  // A lower bound: the list's first item stands in for it.
  atLeastOne: Type.Object({ attributes: Type.Array(Type.Object({ samples: Type.Array(Identifier, { minItems: 1 }) })) }),
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
  rememberLongLists(app, DEFAULT_LIMITS.rememberedListsMaxBytes);
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

  it('skips a custom dataset and a filter\'s list of one body, each at its place, once both passed', async () => {
    const dataset = LIST.map((item) => ({ ...item, value: 'A' }));
    const body = { attributes: [{ attributeId: 'x', samples: dataset }], studyViewFilter: { sampleIdentifiers: LIST } };
    expect((await post('/customData', body)).status).toBe(200); // parsed whole, both remembered
    expect((await post('/customData', body)).status).toBe(200); // given both, checked whole
    const samples = (lastBody.attributes as unknown as { samples: { studyId: unknown }[] }[])[0].samples;
    const identifiers = lastBody.studyViewFilter.sampleIdentifiers as { studyId: unknown }[];
    expect(Object.isFrozen(samples) && Object.isFrozen(identifiers)).toBe(true);
    samples[7].studyId = { not: 'a string' };
    identifiers[7].studyId = { not: 'a string' };
    try {
      expect((await post('/customData', body)).status).toBe(200);
      // Another place (the second attribute) is checked whole.
      expect((await post('/customData', { attributes: [{ attributeId: 'y' }, { attributeId: 'x', samples: dataset }], studyViewFilter: {} })).status).toBe(400);
      expect((await post('/customData', { attributes: [{ attributeId: 'x', samples: dataset }], studyViewFilter: {} })).status).toBe(200);
      // The rest of the body is still checked.
      expect((await post('/customData', { ...body, attributes: [{ attributeId: 5, samples: dataset }] })).status).toBe(200); // coerced to '5'
      expect((await post('/customData', { ...body, attributes: [{ samples: dataset }] })).status).toBe(400);
    } finally {
      samples[7].studyId = 'st';
      identifiers[7].studyId = 'st';
    }
  });

  it('checks a list with a lower bound once too, its first minItems items standing in for it', async () => {
    const body = { attributes: [{ samples: LIST }] };
    expect((await post('/atLeastOne', body)).status).toBe(200);
    expect((await post('/atLeastOne', body)).status).toBe(200);
    const list = (lastBody.attributes as unknown as { samples: { studyId: unknown }[] }[])[0].samples;
    expect(Object.isFrozen(list)).toBe(true);
    try {
      list[3].studyId = { not: 'a string' };
      expect((await post('/atLeastOne', body)).status).toBe(200);
      // The first item stands in (minItems 1): it is checked.
      list[0].studyId = { not: 'a string' };
      expect((await post('/atLeastOne', body)).status).toBe(400);
    } finally {
      list[3].studyId = 'st';
      list[0].studyId = 'st';
    }
  });
});
