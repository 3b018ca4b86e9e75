// Q-values in the Study View gene tables (study-view.md 7): MutSig's for mutated genes, none for
// structural variant genes (the reference attaches MutSig's there too: Appendix B quirk 10).
// study_es_0 plus a MutSig file naming BRAF (a structural variant gene of the study,
// data_structural_variants.txt) and BRCA1 (mutated: data_mutations.txt).
import { writeFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { loadStudy } from '../../loaders/load-study.js';
import { openReferenceStore } from '../helpers/store.js';
import { copyStudy } from '../helpers/study-copy.js';

let app: FastifyInstance;
beforeAll(async () => {
  const store = await openReferenceStore();
  const dir = copyStudy('study_es_0');
  writeFileSync(`${dir}/meta_mutsig.txt`, 'cancer_study_identifier: study_es_0\ngenetic_alteration_type: MUTSIG\ndatatype: Q-VALUE\ndata_filename: data_mutsig.txt\n');
  writeFileSync(`${dir}/data_mutsig.txt`, 'rank\tgene\tN\tn\tp\tq\n1\tBRCA1\t1000\t40\t0.0001\t0.01\n2\tBRAF\t500\t12\t0.0002\t0.02\n');
  await loadStudy(store.db, store.genes, dir);
  app = await buildApp({ db: store.db });
});
afterAll(() => app.close());

const genes = async (path: string) => (await app.inject({ method: 'POST', url: `/api/${path}/fetch`, payload: { studyIds: ['study_es_0'] } })).json();

describe('gene table q-values', () => {
  it("gives mutated genes MutSig's q-value and structural variant genes none", async () => {
    const brca1 = (await genes('mutated-genes')).find((g: { hugoGeneSymbol: string }) => g.hugoGeneSymbol === 'BRCA1');
    expect(brca1.qValue).toBe(0.01);
    const braf = (await genes('structuralvariant-genes')).find((g: { hugoGeneSymbol: string }) => g.hugoGeneSymbol === 'BRAF');
    expect(braf.numberOfAlteredCases).toBeGreaterThan(0);
    expect(braf).not.toHaveProperty('qValue');
  });
});
