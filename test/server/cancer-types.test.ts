// Cancer type routes (api.md 3); expected values from ../shared/reference/seed_table_type_of_cancer.parquet
// (852 rows) plus brca-es0 from study_es_0/data_cancer_type.txt.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp } from '../helpers/app.js';

let app: FastifyInstance;
beforeAll(async () => { app = await openTestApp(['study_es_0']); });
afterAll(() => app.close());

const get = (url: string) => app.inject(url);
type CancerType = { cancerTypeId: string };
const ids = (items: CancerType[]) => items.map((c) => c.cancerTypeId);

describe('GET /api/cancer-types', () => {
  it('lists SUMMARY types by cancerTypeId', async () => {
    const res = await get('/api/cancer-types?pageSize=2');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { cancerTypeId: 'aa', name: 'Aggressive Angiomyxoma', dedicatedColor: 'LightYellow', shortName: 'AA', parent: 'soft_tissue' },
      { cancerTypeId: 'aastr', name: 'Anaplastic Astrocytoma', dedicatedColor: 'Gray', shortName: 'AASTR', parent: 'difg' },
    ]);
  });

  it('ID keeps only the id and ignores sortBy; META counts', async () => {
    expect((await get('/api/cancer-types?projection=ID&pageSize=2&sortBy=name&direction=DESC')).json()).toEqual([{ cancerTypeId: 'aa' }, { cancerTypeId: 'aastr' }]);
    const meta = await get('/api/cancer-types?projection=META');
    expect(meta.headers['total-count']).toBe('853');
    expect(meta.body).toBe('');
  });

  it('sorts by a whitelisted field and pages zero-based', async () => {
    const page0 = ids((await get('/api/cancer-types?pageSize=3&sortBy=cancerTypeId&direction=DESC')).json());
    const page1 = ids((await get('/api/cancer-types?pageSize=3&pageNumber=1&sortBy=cancerTypeId&direction=DESC')).json());
    expect(page0).toHaveLength(3);
    expect([...page0, ...page1]).toEqual([...page0, ...page1].sort().reverse());
    expect((await get('/api/cancer-types?pageSize=3&pageNumber=1000')).json()).toEqual([]);
    const byParent = (await get('/api/cancer-types?sortBy=parent')).json() as { parent: string }[];
    expect(byParent.map((c) => c.parent)).toEqual(byParent.map((c) => c.parent).sort());
  });

  it('400s bad parameters', async () => {
    for (const q of ['pageSize=0', 'pageSize=10000001', 'sortBy=color', 'projection=summary', 'direction=down', 'pageNumber=-1']) {
      const res = await get(`/api/cancer-types?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(typeof res.json().message, q).toBe('string');
    }
  });
});

describe('GET /api/cancer-types/{cancerTypeId}', () => {
  it('answers one type with every field', async () => {
    expect((await get('/api/cancer-types/mel')).json()).toEqual({ cancerTypeId: 'mel', name: 'Melanoma', dedicatedColor: 'Black', shortName: 'MEL', parent: 'skin' });
    // data_cancer_type.txt: brca-es0, Breast Invasive Carcinoma, HotPink.
    expect((await get('/api/cancer-types/brca-es0')).json()).toMatchObject({ cancerTypeId: 'brca-es0', name: 'Breast Invasive Carcinoma', dedicatedColor: 'HotPink' });
  });

  it('404s an unknown (or differently cased) id', async () => {
    for (const id of ['nope', 'MEL']) {
      const res = await get(`/api/cancer-types/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: `Cancer type not found: ${id}` });
    }
  });
});
