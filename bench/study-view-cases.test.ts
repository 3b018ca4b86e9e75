import { describe, expect, it } from 'vitest';
import { CLICK_FILTERS, nextFresh, pageAfterClick, STUDY_VIEW_ENDPOINTS } from './study-view-cases.js';

const every = { samples: ['S1', 'S2', 'S3'].map((sampleId) => ({ studyId: 'demo_study', sampleId })), patients: [] };
const counts = STUDY_VIEW_ENDPOINTS.find((e) => e.name.startsWith('clinical-data-counts'))!;
const body = (fresh?: number, cohort: 'combined filter' | 'all sampleIdentifiers' = 'combined filter') => JSON.stringify(counts.request(cohort, every, fresh)?.body);

describe('fresh Study View requests', () => {
  it('send a filter no other request sent: the warm one and each other fresh one differ', () => {
    const bodies = [body(), ...Array.from({ length: 20 }, () => body(nextFresh()))];
    expect(new Set(bodies).size).toBe(bodies.length);
    const lists = [0, 1, 2].map((i) => JSON.parse(body(i, 'all sampleIdentifiers')).studyViewFilter.sampleIdentifiers.map((s: { sampleId: string }) => s.sampleId));
    expect(lists).toEqual([['S2', 'S3'], ['S1', 'S3'], ['S1', 'S2']]);
  });

  it('have none for the whole study, which has no filter to vary', () => {
    expect(counts.request('studyIds', every, 1)).toBeUndefined();
    expect(counts.request('studyIds', every)).toBeDefined();
  });

  it('shift the AGE range by whole years in turn, keeping its width', () => {
    const ages = [0, 3, 7].map((i) => JSON.parse(body(i)).studyViewFilter.clinicalDataFilters[1].values[0]);
    expect(ages.map((a) => Math.round(a.start))).toEqual([37, 40, 37]);
    expect(ages.every((a) => Math.abs(a.end - a.start - 30) < 1e-9)).toBe(true);
  });
});

describe('pageAfterClick', () => {
  it('sends one filter to every request of a page, counting each filtered chart without the others', () => {
    for (const kind of CLICK_FILTERS) {
      const page = pageAfterClick(kind, 5);
      const filters = new Set(page.map((r) => JSON.stringify((r.body as { studyViewFilter?: object }).studyViewFilter ?? r.body)));
      expect(filters.size).toBe(1);
      expect(page.filter((r) => r.path === '/api/filtered-samples/fetch')).toHaveLength(1);
    }
    const small = pageAfterClick('small', 5).filter((r) => r.path.startsWith('/api/clinical-data-'));
    expect(small.map((r) => (r.body as { attributes: { attributeId: string }[] }).attributes.length)).toEqual([13, 3, 1, 1]);
    expect(JSON.stringify(pageAfterClick('half', 5))).not.toBe(JSON.stringify(pageAfterClick('half', 6)));
  });
});
