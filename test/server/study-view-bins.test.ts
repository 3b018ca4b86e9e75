// POST /api/clinical-data-bin-counts/fetch (study-view.md 4.6, 5). Expected bins were derived by
// hand (lgg AGE: 23 patients, values read with awk from data_clinical_patient.txt, bins by the
// steps of 5.4/5.5.7 written out below) and with a python Decimal re-implementation of 5.4/5.5.7
// for study_es_0 OS_MONTHS (808 values, 33 patients NA under the importer's NA words).
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeBins } from '../../engine/stats/binning/describe.js';
import { openTestApp } from '../helpers/app.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await openTestApp();
});
afterAll(() => app.close());

interface Bin { attributeId: string; specialValue?: string; start?: number; end?: number; count: number }

const LGG = 'lgg_ucsf_2014_test_generic_assay';
const fetchBins = async (attributes: object[], studyViewFilter: unknown, method?: string) => {
  const res = await app.inject({
    method: 'POST',
    url: `/api/clinical-data-bin-counts/fetch${method ? `?dataBinMethod=${method}` : ''}`,
    payload: { attributes, studyViewFilter },
  });
  return { status: res.statusCode, body: res.json() };
};
const text = (bins: Bin[], attributeId?: string) => describeBins(attributeId ? bins.filter((b) => b.attributeId === attributeId) : bins);
const osOver100 = { attributeId: 'OS_MONTHS', values: [{ start: 100 }] };

// AGE (lgg, patient level): 22,22,24,26,27,27,28,28,30,30,30,34,35,35,36,38,39,39,41,44,49,52,56.
// 16 distinct; box: q1 = S[5] = 27, q3 = S[17] = 39 → [9, 57] → [22, 56]; linear, integers,
// range 34 → interval 2; start 24, end 54 → (24,26] … (54,56]; ≤24 holds 22, 22, 24.
const AGE_BINS =
  '≤24:3, (24,26]:1, (26,28]:4, (28,30]:3, (30,32]:0, (32,34]:1, (34,36]:3, (36,38]:1, (38,40]:2, (40,42]:1, (42,44]:1, (44,46]:0, (46,48]:0, (48,50]:1, (50,52]:1, (52,54]:0, (54,56]:1';

describe('POST /api/clinical-data-bin-counts/fetch', () => {
  it('DYNAMIC (the default) bins the cohort', async () => {
    const { status, body } = await fetchBins([{ attributeId: 'AGE' }], { studyIds: [LGG] });
    expect(status).toBe(200);
    expect(text(body)).toBe(AGE_BINS);
    expect(body[0]).toEqual({ attributeId: 'AGE', specialValue: '<=', end: 24, count: 3 });
    expect(body[1]).toEqual({ attributeId: 'AGE', start: 24, end: 26, count: 1 });
  });

  it('STATIC keeps the unfiltered bins and recounts on the filtered cohort', async () => {
    // OS_MONTHS > 100: P07 30, P08 44, P11 30, P13 24, P15 38, P18 49, P24 34, P28 30, P29 52 (awk)
    const { body } = await fetchBins([{ attributeId: 'AGE' }], { studyIds: [LGG], clinicalDataFilters: [osOver100] }, 'STATIC');
    expect(text(body)).toBe(
      '≤24:1, (24,26]:0, (26,28]:0, (28,30]:3, (30,32]:0, (32,34]:1, (34,36]:0, (36,38]:1, (38,40]:0, (40,42]:0, (42,44]:1, (44,46]:0, (46,48]:0, (48,50]:1, (50,52]:1, (52,54]:0, (54,56]:0',
    );
  });

  it('DYNAMIC on the filtered cohort: 7 distinct ages → point bins', async () => {
    const { body } = await fetchBins([{ attributeId: 'AGE' }], { studyIds: [LGG], clinicalDataFilters: [osOver100] }, 'DYNAMIC');
    expect(text(body)).toBe('[24,24]:1, [30,30]:3, [34,34]:1, [38,38]:1, [44,44]:1, [49,49]:1, [52,52]:1');
  });

  it('one attribute: its own filter is removed (3.17); several: filters apply as sent', async () => {
    const ageFilter = { attributeId: 'AGE', values: [{ start: 40 }] };
    const alone = await fetchBins([{ attributeId: 'AGE' }], { studyIds: [LGG], clinicalDataFilters: [ageFilter] }, 'STATIC');
    expect(text(alone.body)).toBe(AGE_BINS);
    // AGE > 40 (awk): P08 Male 44, P10 Female 41, P18 Male 49, P27 Male 56, P29 Male 52
    const both = await fetchBins([{ attributeId: 'AGE' }, { attributeId: 'SEX' }], { studyIds: [LGG], clinicalDataFilters: [ageFilter] }, 'STATIC');
    expect(text(both.body, 'AGE')).toBe(
      '≤24:0, (24,26]:0, (26,28]:0, (28,30]:0, (30,32]:0, (32,34]:0, (34,36]:0, (36,38]:0, (38,40]:0, (40,42]:1, (42,44]:1, (44,46]:0, (46,48]:0, (48,50]:1, (50,52]:1, (52,54]:0, (54,56]:1',
    );
    expect(text(both.body, 'SEX')).toBe('Male:4, Female:1');
    expect(both.body.map((b: Bin) => b.attributeId).indexOf('SEX')).toBe(17);
  });

  it('categorical attribute: one bin per value (counts of 4.4, most frequent first)', async () => {
    const { body } = await fetchBins([{ attributeId: 'SEX' }], { studyIds: [LGG] }, 'STATIC');
    expect(body).toEqual([{ attributeId: 'SEX', specialValue: 'Male', count: 16 }, { attributeId: 'SEX', specialValue: 'Female', count: 7 }]);
  });

  it('custom bins, quartiles and start/end are honoured', async () => {
    const custom = await fetchBins([{ attributeId: 'AGE', binMethod: 'CUSTOM', customBins: [30, 40] }], { studyIds: [LGG] });
    // ≤30: 11 values (22 … 30), (30,40]: 34, 35, 35, 36, 38, 39, 39 = 7, >40: 41, 44, 49, 52, 56 = 5
    expect(text(custom.body)).toBe('≤30:11, (30,40]:7, >40:5');
    const median = await fetchBins([{ attributeId: 'AGE', binMethod: 'MEDIAN' }], { studyIds: [LGG] });
    // median = S[11] = 34
    expect(text(median.body)).toBe('≤34:12, >34:11');
    const ranged = await fetchBins([{ attributeId: 'AGE', start: 30, end: 40, binMethod: null, customBins: null }], { studyIds: [LGG] });
    // 30 ×3, 34, 35 ×2, 36, 38, 39 ×2 → 6 distinct → point bins
    expect(text(ranged.body)).toBe('[30,30]:3, [34,34]:1, [35,35]:2, [36,36]:1, [38,38]:1, [39,39]:2');
  });

  it('OS_MONTHS of study_es_0: linear bins of 5 with outlier bins and NA (python)', async () => {
    const { body } = await fetchBins([{ attributeId: 'OS_MONTHS' }], { studyIds: ['study_es_0'] }, 'STATIC');
    const counts = [110, 78, 66, 41, 35, 29, 34, 40, 26, 25, 15, 15, 11, 8, 10, 11, 2, 11];
    expect(text(body)).toBe(['≤5:198', ...counts.map((c, i) => `(${5 + 5 * i},${10 + 5 * i}]:${c}`), '>95:43', 'NA:33'].join(', '));
  });

  it('a filter matching nothing: STATIC keeps the bins at 0, DYNAMIC has none', async () => {
    const filter = { studyIds: [LGG], clinicalDataFilters: [{ attributeId: 'OS_MONTHS', values: [{ start: 1000 }] }] };
    const stat = await fetchBins([{ attributeId: 'AGE' }], filter, 'STATIC');
    expect(stat.body).toHaveLength(17);
    expect(stat.body.every((b: Bin) => b.count === 0)).toBe(true);
    expect((await fetchBins([{ attributeId: 'AGE' }], filter, 'DYNAMIC')).body).toEqual([]);
  });

  it('unknown attributes, no attributes and unknown studies give no bins', async () => {
    expect((await fetchBins([{ attributeId: 'NOPE' }], { studyIds: [LGG] }, 'STATIC')).body).toEqual([]);
    expect((await fetchBins([], { studyIds: [LGG] })).body).toEqual([]);
    expect((await fetchBins([{ attributeId: 'AGE' }], { studyIds: ['no_such_study'] }, 'STATIC')).body).toEqual([]);
  });

  it('bad input is a 400', async () => {
    expect((await fetchBins([{ attributeId: 'AGE' }], {})).status).toBe(400);
    expect((await fetchBins([{ attributeId: 'AGE' }], { studyIds: [LGG] }, 'SOMETIMES')).status).toBe(400);
    expect((await fetchBins([{ attributeId: 'AGE', binMethod: 'OTHER' }], { studyIds: [LGG] })).status).toBe(400);
    expect((await fetchBins([{ attributeId: 'AGE', customBins: ['x'] }], { studyIds: [LGG] })).status).toBe(400);
    const res = await app.inject({ method: 'POST', url: '/api/clinical-data-bin-counts/fetch', payload: { studyViewFilter: { studyIds: [LGG] } } });
    expect(res.statusCode).toBe(400);
  });

  it('GENERATE with binSize 0 answers (automatic bins) instead of looping', async () => {
    const { status, body } = await fetchBins([{ attributeId: 'AGE', binMethod: 'GENERATE', binsGeneratorConfig: { binSize: 0, anchorValue: 0 } }], { studyIds: [LGG] });
    expect(status).toBe(200);
    expect(text(body)).toBe(AGE_BINS);
  });
});
