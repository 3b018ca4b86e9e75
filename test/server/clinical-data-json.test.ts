// Clinical data answers are JSON written by DuckDB and streamed (engine/queries/clinical-data.ts
// streamClinicalDataJson): byte for byte what the response schema's serializer writes of the rows
// (fetchClinicalData), on the shared studies and on awkward texts, in every projection and path
// (slices of entities in the default order, one query sorted or paged).
import { Type } from '@sinclair/typebox';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchClinicalData, type ClinicalDataQuery } from '../../engine/queries/clinical-data.js';
import { requireStudyKey } from '../../engine/queries/lookup.js';
import { Db, toApiObject, type ReadOnlyDb } from '../../engine/sql/db.js';
import { sql } from '../../engine/sql/sql.js';
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
      const scope = { kind: 'study' as const, studyKey };
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
    const whole = await plain.inject({ method: 'POST', url: '/plain', payload: { type: 'PATIENT', scope: { kind: 'study', studyKey: 1 }, projection } });
    expect(difference(streamed.body, whole.body)).toBe('');
    const items = streamed.json() as { patientId: string; value?: string; clinicalAttribute?: object }[];
    expect(items).toHaveLength(10_000);
    expect(items[2].patientId).toBe(text);
    if (projection !== 'ID') expect(items[13].value).toBe(text);
    if (projection === 'DETAILED') expect(items[0].clinicalAttribute).toEqual({ clinicalAttributeId: 'A', studyId: 's', displayName: text, patientAttribute: true, datatype: 'STRING', priority: '1' });
  });

  it('a first page cut inside a slice, and the page after it', async () => {
    for (const [pageSize, pageNumber] of [[4097, 0], [9000, 1], [3, 0]]) {
      const streamed = await app.inject(`/api/studies/s/clinical-data?clinicalDataType=PATIENT&pageSize=${pageSize}&pageNumber=${pageNumber}`);
      const whole = await plain.inject({ method: 'POST', url: '/plain',
        payload: { type: 'PATIENT', scope: { kind: 'study', studyKey: 1 }, projection: 'SUMMARY', limit: pageSize, offset: pageSize * pageNumber } });
      expect(difference(streamed.body, whole.body)).toBe('');
    }
  });
});
