// Clinical data answers are JSON streamed, written by DuckDB (engine/resources/clinical-data.ts
// streamClinicalDataJson) or assembled from kept pieces (clinical-data-texts.ts): byte for byte
// what the response schema's serializer writes of the rows (fetchClinicalData), on the shared
// studies and on awkward texts, in every projection and path (slices of entities in the default
// order, one query sorted or paged, pieces of a whole study or of long lists of ids).
import { Type } from '@sinclair/typebox';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchClinicalData, type ClinicalDataQuery } from '../../engine/resources/clinical-data.js';
import { requireStudyKey } from '../../engine/resources/lookup.js';
import { Db, toApiObject, type ReadOnlyDb } from '../../engine/sql/db.js';
import { raw, sql } from '../../engine/sql/sql.js';
import { buildApp } from '../../server/app.js';
import { ClinicalDataSchema } from '../../server/schemas/clinical-data.js';
import { openTestApp } from '../helpers/app.js';

/** A plain Fastify route answering fetchClinicalData whole, serialised by the response schema (as the route did). */
async function wholeAnswers(db: ReadOnlyDb): Promise<FastifyInstance> {
  const plain = Fastify();
  plain.post<{ Body: ClinicalDataQuery }>('/plain', { schema: { response: { 200: Type.Array(ClinicalDataSchema) } } },
    async (request) => (await fetchClinicalData(db, request.body)).map(toApiObject) as never);
  await plain.ready();
  return plain;
}

const LGG = 'lgg_ucsf_2014_test_generic_assay';

/** '' when equal, else where the texts part (a short failure message for answers of megabytes). */
function difference(a: string, b: string): string {
  if (a === b) return '';
  let i = 0;
  while (a[i] === b[i]) i++;
  return `at ${i} of ${a.length}/${b.length}: ${JSON.stringify(a.slice(Math.max(0, i - 80), i + 80))} vs ${JSON.stringify(b.slice(Math.max(0, i - 80), i + 80))}`;
}

describe('clinical data JSON on the shared studies', () => {
  let app: FastifyInstance;
  let plain: FastifyInstance;
  beforeAll(async () => {
    app = await openTestApp(['study_hg38', LGG]);
    plain = await wholeAnswers(app.db);
  }, 120_000);
  afterAll(async () => { await plain.close(); await app.close(); });

  it.each(['ID', 'SUMMARY', 'DETAILED'] as const)('%s: every path gives the bytes of the whole answer serialised by the schema', async (projection) => {
    const studyKey = await requireStudyKey(app.db, LGG);
    const cases: [string, ClinicalDataQuery][] = [];
    for (const type of ['SAMPLE', 'PATIENT'] as const) {
      const scope = { kind: 'study' as const, studyKey, studyId: LGG };
      cases.push(
        [`/api/studies/${LGG}/clinical-data?clinicalDataType=${type}&projection=${projection}`, { type, scope, projection }],
        [`/api/studies/${LGG}/clinical-data?clinicalDataType=${type}&projection=${projection}&pageSize=7`, { type, scope, projection, limit: 7, offset: 0 }],
        [`/api/studies/${LGG}/clinical-data?clinicalDataType=${type}&projection=${projection}&pageSize=7&pageNumber=2`, { type, scope, projection, limit: 7, offset: 14 }],
        [`/api/studies/${LGG}/clinical-data?clinicalDataType=${type}&projection=${projection}&sortBy=value&direction=DESC`,
          { type, scope, projection, sortBy: 'value', direction: 'DESC' }],
      );
    }
    for (const [url, query] of cases) {
      const streamed = await app.inject(url);
      const whole = await plain.inject({ method: 'POST', url: '/plain', payload: query });
      expect(streamed.statusCode, url).toBe(200);
      expect(streamed.body.length, url).toBeGreaterThan(2);
      expect(difference(streamed.body, whole.body), url).toBe('');
    }
  });

  it('POST /api/clinical-data/fetch across studies gives the same bytes', async () => {
    const identifiers = [{ studyId: LGG, entityId: 'P01_Pri' }, { studyId: 'study_hg38', entityId: 'TCGA-A1-A0SB-01' }, { studyId: LGG, entityId: 'P02_Pri' }];
    const streamed = await app.inject({ method: 'POST', url: '/api/clinical-data/fetch?projection=DETAILED', payload: { identifiers } });
    const query: ClinicalDataQuery = { type: 'SAMPLE', projection: 'DETAILED',
      scope: { kind: 'identifiers', studyIds: identifiers.map((i) => i.studyId), entityIds: identifiers.map((i) => i.entityId) } };
    expect(difference(streamed.body, (await plain.inject({ method: 'POST', url: '/plain', payload: query })).body)).toBe('');
    expect(streamed.json().length).toBeGreaterThan(10);
  });

  it.each(['SAMPLE', 'PATIENT'] as const)('%s: a long list of identifiers across studies (pieces kept in memory) gives the same bytes', async (type) => {
    const [table, id] = type === 'SAMPLE' ? ['sample', 'sample_id'] : ['patient', 'patient_id'];
    // Later studies first, and unknown ids enough to make the list long.
    const known = await app.db.all<{ studyId: string; entityId: string }>(
      sql`SELECT s.study_id AS "studyId", x.${raw(id)} AS "entityId" FROM ${raw(table)} x JOIN cancer_study s USING (study_key) ORDER BY x.study_key DESC, x.${raw(id)}`);
    const identifiers = [...known, ...Array.from({ length: 1000 }, (_, i) => ({ studyId: i % 2 === 0 ? LGG : 'none', entityId: `unknown-${i}` }))];
    const fetch = (attributeIds?: string[]) =>
      app.inject({ method: 'POST', url: `/api/clinical-data/fetch?clinicalDataType=${type}`, payload: { identifiers, attributeIds } });
    // Some attributes: the last of each study's rows, and one that no study has.
    const rows = (await fetch()).json<{ studyId: string; clinicalAttributeId: string }[]>();
    const some = [...new Map(rows.map((r) => [r.studyId, r.clinicalAttributeId])).values(), 'nothing'];
    for (const attributeIds of [undefined, some]) {
      const streamed = await fetch(attributeIds);
      const query: ClinicalDataQuery = { type, projection: 'SUMMARY', attributeIds,
        scope: { kind: 'identifiers', studyIds: identifiers.map((i) => i.studyId), entityIds: identifiers.map((i) => i.entityId) } };
      expect(difference(streamed.body, (await plain.inject({ method: 'POST', url: '/plain', payload: query })).body)).toBe('');
      const answered = streamed.json<{ studyId: string }[]>();
      expect(new Set(answered.map((r) => r.studyId)).size).toBe(2);
      expect(answered.length).toBeLessThan(attributeIds === undefined ? Infinity : rows.length);
    }
  });
});

describe('clinical data JSON of awkward texts and many patients', () => {
  // Quotes, backslashes, control characters (DuckDB writes \u001F, JavaScript \u001f), a text
  // spelling an escape, non-ASCII; 5,000 patients: more than one slice of entities.
  const text = 'q"b\\s/t\tn\nc\u0001e\u001f\u000b\u007f\u2028 é ✓ 😀 </script> \\u001F \\\\u001F';
  let db: Db;
  let app: FastifyInstance;
  let plain: FastifyInstance;
  beforeAll(async () => {
    db = await Db.open(':memory:');
    await db.run(sql`INSERT INTO cancer_study (study_key, study_id, type_of_cancer_id, name, import_date) VALUES (1, 's', 'brca', 'S', now())`);
    await db.run(sql`INSERT INTO patient SELECT i, 1, CASE WHEN i = 2 THEN ${text} ELSE 'P' || i END FROM range(1, 5001) t(i)`);
    await db.run(sql`INSERT INTO clinical_attribute_meta VALUES (1, 'A', ${text}, NULL, 'STRING', TRUE, '1'), (1, 'B', NULL, 'b', 'NUMBER', TRUE, '2')`);
    await db.run(sql`INSERT INTO clinical_patient SELECT 1, i, a, CASE WHEN i % 7 = 0 THEN ${text} ELSE a || i END FROM range(1, 5001) t(i), (VALUES ('B'), ('A')) v(a)`);
    app = await buildApp({ db });
    plain = await wholeAnswers(db);
  }, 60_000);
  afterAll(async () => { await plain.close(); await app.close(); db.close(); });

  it.each(['ID', 'SUMMARY', 'DETAILED'] as const)('%s: byte-identical to the serializer', async (projection) => {
    const streamed = await app.inject(`/api/studies/s/clinical-data?clinicalDataType=PATIENT&projection=${projection}`);
    const whole = await plain.inject({ method: 'POST', url: '/plain', payload: { type: 'PATIENT', scope: { kind: 'study', studyKey: 1, studyId: 's' }, projection } });
    expect(difference(streamed.body, whole.body)).toBe('');
    const items = streamed.json() as { patientId: string; value?: string; clinicalAttribute?: object }[];
    expect(items).toHaveLength(10_000);
    expect(items[2].patientId).toBe(text);
    if (projection !== 'ID') expect(items[13].value).toBe(text);
    if (projection === 'DETAILED') expect(items[0].clinicalAttribute).toEqual({ clinicalAttributeId: 'A', studyId: 's', displayName: text, patientAttribute: true, datatype: 'STRING', priority: '1' });
  });

  it('long lists of ids (pieces kept in memory) give the bytes of the whole answer: repeats, unknown ids, reversed, some attributes', async () => {
    const ids = Array.from({ length: 3000 }, (_, i) => (i === 5 ? text : `P${4999 - i}`));
    const withRepeats = [...ids, ...ids.slice(0, 500), 'nobody'];
    for (const projection of ['ID', 'SUMMARY'] as const) {
      for (const attributeIds of [undefined, ['A'], ['B', 'nothing']]) {
        const cases: [string, object, ClinicalDataQuery][] = [
          [`/api/studies/s/clinical-data/fetch?clinicalDataType=PATIENT&projection=${projection}`, { ids: withRepeats, attributeIds },
            { type: 'PATIENT', projection, attributeIds, scope: { kind: 'study', studyKey: 1, studyId: 's', ids: withRepeats } }],
          [`/api/clinical-data/fetch?clinicalDataType=PATIENT&projection=${projection}`,
            { identifiers: [...withRepeats.map((entityId) => ({ studyId: 's', entityId })), { studyId: 'none', entityId: 'P1' }], attributeIds },
            { type: 'PATIENT', projection, attributeIds, scope: { kind: 'identifiers', studyIds: [...withRepeats.map(() => 's'), 'none'], entityIds: [...withRepeats, 'P1'] } }],
        ];
        for (const [url, payload, query] of cases) {
          const streamed = await app.inject({ method: 'POST', url, payload });
          const whole = await plain.inject({ method: 'POST', url: '/plain', payload: query });
          expect(streamed.statusCode, url).toBe(200);
          expect(difference(streamed.body, whole.body), `${url} ${attributeIds}`).toBe('');
          expect(streamed.json().length, url).toBe(attributeIds === undefined ? 6000 : 3000);
        }
      }
    }
  });

  it('a first page cut inside a slice, and the page after it', async () => {
    for (const [pageSize, pageNumber] of [[4097, 0], [9000, 1], [3, 0]]) {
      const streamed = await app.inject(`/api/studies/s/clinical-data?clinicalDataType=PATIENT&pageSize=${pageSize}&pageNumber=${pageNumber}`);
      const whole = await plain.inject({ method: 'POST', url: '/plain',
        payload: { type: 'PATIENT', scope: { kind: 'study', studyKey: 1, studyId: 's' }, projection: 'SUMMARY', limit: pageSize, offset: pageSize * pageNumber } });
      expect(difference(streamed.body, whole.body)).toBe('');
    }
  });
});
