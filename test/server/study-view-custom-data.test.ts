// POST /api/custom-data-counts/fetch and /api/custom-data-bin-counts/fetch, and their
// /api/not-ready-yet/ twins (study-view.md 3.5, 4.5, 4.7, 3.17). The custom datasets are sent
// inline. Expected values: python over lgg's data_clinical_sample.txt (61 samples, 23 patients,
// GRADE II 37 / III 11 / IV 13) grouping the datasets below by value; bins from the independent
// python re-implementation of 5.4 used in study-view-profile-bins.test.ts.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeBins } from '../../engine/stats/binning/describe.js';
import { openTestApp } from '../helpers/app.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await openTestApp();
});
afterAll(() => app.close());

const LGG = 'lgg_ucsf_2014_test_generic_assay';
const data = (values: Record<string, string>) => Object.entries(values).map(([sampleId, value]) => ({ studyId: LGG, sampleId, value }));
// 'a' and 'A' count apart (exact values); NaN is NA.
const GRP = data({ P01_Pri: 'A', P01_Rec: 'A', P02_Pri: 'B', P02_Rec: 'B', P04_Pri: 'B', P04_Rec1: 'a', P04_Rec2: 'NaN', P04_Rec3: 'C', P05_Pri: 'C' });
// 1 … 30 on the first 30 samples, then >40, unknown, NA.
const NUM = data({
  ...Object.fromEntries(['P01_Pri', 'P01_Rec', 'P02_Pri', 'P02_Rec', 'P04_Pri', 'P04_Rec1', 'P04_Rec2', 'P04_Rec3', 'P05_Pri', 'P05_Rec', 'P06_Pri',
    'P06_Rec', 'P07_Pri', 'P07_Rec', 'P08_Pri', 'P08_Rec', 'P09_Pri', 'P09_Rec', 'P10_Pri', 'P10_Rec', 'P11_Pri', 'P11_Rec', 'P12_Pri', 'P12_Rec',
    'P13_Pri', 'P13_Rec', 'P15_Pri', 'P15_Rec', 'P16_Pri', 'P16_Rec'].map((id, i) => [id, String(i + 1)])),
  P17_Pri_A: '>40', P17_Pri_B: 'unknown', P17_Pri_C: 'NA',
});
const grp = { attributeId: 'grp', samples: GRP };
const num = { attributeId: 'num', samples: NUM };
const grade = (value: string) => ({ attributeId: 'GRADE', values: [{ value }] });
const grpFilter = (...values: string[]) => ({ attributeId: 'grp', datatype: 'STRING', values: values.map((value) => ({ value })), samples: GRP });

const counts = async (attributes: object[], studyViewFilter: object, path = 'custom-data-counts/fetch') => {
  const res = await app.inject({ method: 'POST', url: `/api/${path}`, payload: { attributes, studyViewFilter } });
  return { status: res.statusCode, body: res.json() };
};
const bins = async (attributes: object[], studyViewFilter: object, method?: string, path = 'custom-data-bin-counts/fetch') => {
  const res = await app.inject({ method: 'POST', url: `/api/${path}${method ? `?dataBinMethod=${method}` : ''}`, payload: { attributes, studyViewFilter } });
  return { status: res.statusCode, body: res.json() };
};
const text = (body: { attributeId: string; count: number }[], id: string) => describeBins(body.filter((b) => b.attributeId === id));
const zeros = (s: string) => s.replace(/:\d+/g, ':0');

const GRP_ALL = [{ value: 'B', count: 3 }, { value: 'A', count: 2 }, { value: 'C', count: 2 }, { value: 'a', count: 1 }, { value: 'NA', count: 53 }];
// num over all 61 samples: linear bins of 2 (values 1…30), ">40" in the ">" bin, 28 samples without data + 1 NA.
const NUM_BINS = '≤2:2, (2,4]:2, (4,6]:2, (6,8]:2, (8,10]:2, (10,12]:2, (12,14]:2, (14,16]:2, (16,18]:2, (18,20]:2, (20,22]:2, '
  + '(22,24]:2, (24,26]:2, (26,28]:2, (28,30]:2, >30:1, unknown:1, NA:29';

describe('POST /api/custom-data-counts/fetch', () => {
  it('counts samples per exact value; NA = cohort samples without a value (61 − 8)', async () => {
    const { status, body } = await counts([grp], { studyIds: [LGG] });
    expect(status).toBe(200);
    expect(body).toEqual([{ attributeId: 'grp', counts: GRP_ALL }]);
    // The preview path answers the same.
    expect((await counts([grp], { studyIds: [LGG] }, 'not-ready-yet/custom-data-counts/fetch')).body).toEqual(body);
  });

  it('patientAttribute counts distinct patients (NA = 23 patients − 6)', async () => {
    const { body } = await counts([{ ...grp, patientAttribute: true }], { studyIds: [LGG] });
    expect(body).toEqual([{ attributeId: 'grp', counts: [{ value: 'B', count: 2 }, { value: 'C', count: 2 }, { value: 'A', count: 1 }, { value: 'a', count: 1 }, { value: 'NA', count: 17 }] }]);
  });

  it('on the filtered cohort: GRADE IV (13 samples) and GRADE II (37)', async () => {
    expect((await counts([grp], { studyIds: [LGG], clinicalDataFilters: [grade('IV')] })).body)
      .toEqual([{ attributeId: 'grp', counts: [{ value: 'A', count: 1 }, { value: 'NA', count: 12 }] }]);
    expect((await counts([grp], { studyIds: [LGG], clinicalDataFilters: [grade('II')] })).body)
      .toEqual([{ attributeId: 'grp', counts: [{ value: 'B', count: 2 }, { value: 'A', count: 1 }, { value: 'C', count: 1 }, { value: 'NA', count: 33 }] }]);
  });

  it('the dataset may come from the customDataFilter of the same id, whose own filter is removed (3.17)', async () => {
    const filter = { studyIds: [LGG], customDataFilters: [grpFilter('B', 'C')] };
    expect((await counts([{ attributeId: 'grp' }], filter)).body).toEqual([{ attributeId: 'grp', counts: GRP_ALL }]);
    // Two attributes: the grp filter (B or C: P02_Pri, P02_Rec, P04_Pri, P04_Rec3, P05_Pri) applies.
    const two = await counts([{ attributeId: 'grp' }, num], filter);
    expect(two.body).toEqual([
      { attributeId: 'grp', counts: [{ value: 'B', count: 3 }, { value: 'C', count: 2 }] },
      { attributeId: 'num', counts: [{ value: '3', count: 1 }, { value: '4', count: 1 }, { value: '5', count: 1 }, { value: '8', count: 1 }, { value: '9', count: 1 }] },
    ]);
  });

  it('unknown ids give no item; a cohort matching nothing gives []', async () => {
    expect((await counts([{ attributeId: 'nope' }, grp], { studyIds: [LGG] })).body).toEqual([{ attributeId: 'grp', counts: GRP_ALL }]);
    expect((await counts([grp], { studyIds: [LGG], clinicalDataFilters: [grade('V')] })).body).toEqual([]);
    expect((await counts([grp], {})).status).toBe(400);
    expect((await counts([{ attributeId: 'grp', samples: [{ studyId: LGG }] }], { studyIds: [LGG] })).status).toBe(400);
  });
});

describe('POST /api/custom-data-bin-counts/fetch', () => {
  it('bins the custom values like clinical data: DYNAMIC (default) and STATIC', async () => {
    const { status, body } = await bins([num], { studyIds: [LGG] });
    expect(status).toBe(200);
    expect(text(body, 'num')).toBe(NUM_BINS);
    expect(body[0]).toEqual({ attributeId: 'num', specialValue: '<=', end: 2, count: 2 });
    expect(body.at(-3)).toEqual({ attributeId: 'num', specialValue: '>', start: 30, count: 1 });
    expect(text((await bins([num], { studyIds: [LGG] }, 'STATIC', 'not-ready-yet/custom-data-bin-counts/fetch')).body, 'num')).toBe(NUM_BINS);
  });

  it('STATIC recount on GRADE IV, and on GRADE II AND grp in (B, C) (P02_Pri, P04_Pri, P05_Pri)', async () => {
    const iv = await bins([num], { studyIds: [LGG], clinicalDataFilters: [grade('IV')] }, 'STATIC');
    expect(text(iv.body, 'num')).toBe('≤2:1, (2,4]:0, (4,6]:0, (6,8]:0, (8,10]:1, (10,12]:0, (12,14]:0, (14,16]:1, (16,18]:1, (18,20]:1, '
      + '(20,22]:0, (22,24]:0, (24,26]:0, (26,28]:0, (28,30]:0, >30:0, unknown:0, NA:8');
    const combined = await bins([num], { studyIds: [LGG], clinicalDataFilters: [grade('II')], customDataFilters: [grpFilter('b', 'C')] }, 'STATIC');
    expect(text(combined.body, 'num')).toBe('≤2:0, (2,4]:1, (4,6]:1, (6,8]:0, (8,10]:1, (10,12]:0, (12,14]:0, (14,16]:0, (16,18]:0, (18,20]:0, '
      + '(20,22]:0, (22,24]:0, (24,26]:0, (26,28]:0, (28,30]:0, >30:0, unknown:0, NA:0');
  });

  it('one attribute: its custom filter is removed; several: it applies (num in (10, 20])', async () => {
    const filter = { studyIds: [LGG], customDataFilters: [{ attributeId: 'num', datatype: 'NUMBER', values: [{ start: 10, end: 20 }], samples: NUM }] };
    expect(text((await bins([{ attributeId: 'num' }], filter, 'STATIC')).body, 'num')).toBe(NUM_BINS);
    const two = await bins([{ attributeId: 'num' }, grp], filter, 'STATIC');
    expect(text(two.body, 'num')).toBe('≤2:0, (2,4]:0, (4,6]:0, (6,8]:0, (8,10]:0, (10,12]:2, (12,14]:2, (14,16]:2, (16,18]:2, (18,20]:2, '
      + '(20,22]:0, (22,24]:0, (24,26]:0, (26,28]:0, (28,30]:0, >30:0, unknown:0, NA:0');
    // grp bins: categories merge case-insensitively (B:3, A:3 with 'a', C:2, NA:53); none of the 10 samples has a value.
    expect(text(two.body, 'grp')).toBe('B:0, A:0, C:0, NA:10');
  });

  it('a custom filter without a datatype follows the numeric rules (3.5: all but STRING)', async () => {
    const count = async (datatype?: string) => (await app.inject({ method: 'POST', url: '/api/filtered-samples/fetch', payload: {
      studyIds: [LGG], customDataFilters: [{ attributeId: 'num', ...(datatype ? { datatype } : {}), values: [{ start: 10, end: 20 }], samples: NUM }],
    } })).json().length;
    expect(await count()).toBe(await count('NUMBER'));
    expect(await count()).toBeGreaterThan(0);
    expect(await count('STRING')).toBe(0);
  });

  it('the preview path also drops a clinical filter of the same id; the main path keeps it', async () => {
    const gradeData = { attributeId: 'GRADE', samples: NUM };
    const filter = { studyIds: [LGG], clinicalDataFilters: [grade('IV')] };
    const main = await bins([gradeData], filter, 'STATIC');
    expect(text(main.body, 'GRADE')).toBe('≤2:1, (2,4]:0, (4,6]:0, (6,8]:0, (8,10]:1, (10,12]:0, (12,14]:0, (14,16]:1, (16,18]:1, (18,20]:1, '
      + '(20,22]:0, (22,24]:0, (24,26]:0, (26,28]:0, (28,30]:0, >30:0, unknown:0, NA:8');
    const preview = await bins([gradeData], filter, 'STATIC', 'not-ready-yet/custom-data-bin-counts/fetch');
    expect(text(preview.body, 'GRADE')).toBe(NUM_BINS);
  });

  it('a filter matching nothing: STATIC keeps the bins at 0, DYNAMIC has none; unknown ids; bad input', async () => {
    const none = { studyIds: [LGG], clinicalDataFilters: [grade('V')] };
    expect(text((await bins([num], none, 'STATIC')).body, 'num')).toBe(zeros(NUM_BINS));
    expect((await bins([num], none, 'DYNAMIC')).body).toEqual([]);
    expect((await bins([{ attributeId: 'nope' }], { studyIds: [LGG] }, 'STATIC')).body).toEqual([]);
    expect((await bins([num], {})).status).toBe(400);
    expect((await bins([num], { studyIds: [LGG] }, 'SOMETIMES')).status).toBe(400);
    expect((await bins([{ ...num, binMethod: 'OTHER' }], { studyIds: [LGG] })).status).toBe(400);
  });

  it('custom bins apply to custom data', async () => {
    // ≤10: 1…10 = 10, (10,20]: 10, >20: 21…30 and >40 = 11.
    const { body } = await bins([{ ...num, binMethod: 'CUSTOM', customBins: [10, 20] }], { studyIds: [LGG] });
    expect(text(body, 'num')).toBe('≤10:10, (10,20]:10, >20:11, unknown:1, NA:29');
  });
});
