// POST /api/molecular-profiles/{id}/mrna-percentile/fetch on study_es_0's expression profile.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp } from '../helpers/app.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await openTestApp(['study_es_0']);
});
afterAll(() => app.close());

const fetch = (profile: string, sampleId: string, payload: unknown) =>
  app.inject({ method: 'POST', url: `/api/molecular-profiles/${profile}/mrna-percentile/fetch?sampleId=${sampleId}`, payload: payload as object });

describe('mRNA percentile', () => {
  it('ranks the sample\'s value among the gene\'s numeric values (ties at the maximum rank)', async () => {
    // data_expression_median.txt, computed with Python over each row's 526 numeric cells:
    // CREB3L1 in TCGA-A1-A0SD-01 = 1.4345, 387 values <= it → 73.57; RPS11 = 0.765, 420 → 79.85.
    const res = await fetch('study_es_0_mrna', 'TCGA-A1-A0SD-01', [90993, 6205, 90993, 1]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { molecularProfileId: 'study_es_0_mrna', sampleId: 'TCGA-A1-A0SD-01', patientId: 'TCGA-A1-A0SD', studyId: 'study_es_0', entrezGeneId: 6205, percentile: 79.85, zScore: 0.765, uniqueSampleKey: 'VENHQS1BMS1BMFNELTAxOnN0dWR5X2VzXzA', uniquePatientKey: 'VENHQS1BMS1BMFNEOnN0dWR5X2VzXzA' },
      { molecularProfileId: 'study_es_0_mrna', sampleId: 'TCGA-A1-A0SD-01', patientId: 'TCGA-A1-A0SD', studyId: 'study_es_0', entrezGeneId: 90993, percentile: 73.57, zScore: 1.4345, uniqueSampleKey: 'VENHQS1BMS1BMFNELTAxOnN0dWR5X2VzXzA', uniquePatientKey: 'VENHQS1BMS1BMFNEOnN0dWR5X2VzXzA' },
    ]);
  });

  it('answers 404 for a profile that is not mRNA expression, or an unknown sample', async () => {
    expect((await fetch('study_es_0_mutations', 'TCGA-A1-A0SD-01', [1])).json()).toEqual({ message: 'Molecular profile not found: study_es_0_mutations' });
    expect((await fetch('study_es_0_mrna', 'NOPE', [1])).json()).toEqual({ message: 'Sample not found in study study_es_0: NOPE' });
    expect((await app.inject({ method: 'POST', url: '/api/molecular-profiles/study_es_0_mrna/mrna-percentile/fetch', payload: [1] })).json()).toEqual({ message: 'Request parameter is missing: sampleId' });
  });
});
