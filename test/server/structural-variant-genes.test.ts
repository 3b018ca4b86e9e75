// Issue 21: structuralvariant-genes' totalCount is the number of SV events naming the gene (study-view.md
// 4.15), numberOfAlteredCases the number of samples. A totalCount equal to numberOfAlteredCases where a
// sample has two SVs of the gene means that the sample's SVs of one gene were counted as one (the
// event table had collapsed them); a gene at both sites of one SV counts once, as in the reference.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp } from '../helpers/app.js';
import { studyDir } from '../helpers/store.js';

interface GeneCount { hugoGeneSymbol: string; totalCount: number; numberOfAlteredCases: number }

let app: FastifyInstance;
beforeAll(async () => {
  app = await openTestApp(['study_es_0']);
});
afterAll(() => app.close());

const svGenes = async (alterationFilter?: object): Promise<GeneCount[]> => {
  const res = await app.inject({ method: 'POST', url: '/api/structuralvariant-genes/fetch', payload: { studyIds: ['study_es_0'], ...(alterationFilter ? { alterationFilter } : {}) } });
  expect(res.statusCode).toBe(200);
  return res.json();
};
const counts = (genes: GeneCount[], symbols: string[]) =>
  Object.fromEntries(symbols.map((s) => {
    const g = genes.find((x) => x.hugoGeneSymbol === s);
    return [s, g && [g.totalCount, g.numberOfAlteredCases]];
  }));

describe('structuralvariant-genes counts events, not samples (issue 21)', () => {
  it('study_es_0: BRAF 37 events in 35 samples, TTN 4 in 2, EGFR-EGFR once', async () => {
    // awk -F'\t' 'NR>1 && ($3=="BRAF" || $11=="BRAF")' data_structural_variants.txt | wc -l → 37, in 35
    // samples (TCGA-AO-A0JL-01 has MKRN1-BRAF, BRAF-TTN and BRAF alone); TTN: 4 rows, 2 samples
    // (TCGA-AO-A0JL-01, TCGA-A2-A04P-01); EGFR: one row, EGFR at both sites.
    expect(counts(await svGenes(), ['BRAF', 'TTN', 'EGFR'])).toEqual({ BRAF: [37, 35], TTN: [4, 2], EGFR: [1, 1] });
  });

  it('agrees with the file for every gene: rows naming it at site 1 or 2, and their samples', async () => {
    const [header, ...lines] = readFileSync(join(studyDir('study_es_0'), 'data_structural_variants.txt'), 'utf8').trim().split('\n').map((l) => l.split('\t'));
    const [sample, site1, site2] = ['Sample_Id', 'Site1_Hugo_Symbol', 'Site2_Hugo_Symbol'].map((c) => header.indexOf(c));
    const expected = new Map<string, { events: number; samples: Set<string> }>();
    for (const row of lines) {
      for (const gene of new Set([row[site1], row[site2]].filter((g) => g !== ''))) {
        const of = expected.get(gene) ?? { events: 0, samples: new Set<string>() };
        of.events++;
        of.samples.add(row[sample]);
        expected.set(gene, of);
      }
    }
    const answer = await svGenes();
    expect(new Map(answer.map((g) => [g.hugoGeneSymbol, [g.totalCount, g.numberOfAlteredCases]])))
      .toEqual(new Map([...expected].map(([gene, e]) => [gene, [e.events, e.samples.size]])));
  });

  it('applies the driver filter per event: only the putative drivers\' genes, once each', async () => {
    // cbp_driver = Putative_Driver: PIEZO1-NCOA4, KIAA1549-BRAF, EML4-ALK, EGFR-EGFR, all in TCGA-A2-A04P-01.
    const drivers = await svGenes({ includeDriver: true, includeVUS: false, includeUnknownOncogenicity: false });
    expect(drivers.map((g) => [g.hugoGeneSymbol, g.totalCount, g.numberOfAlteredCases])).toEqual(
      ['ALK', 'BRAF', 'EGFR', 'EML4', 'KIAA1549', 'NCOA4', 'PIEZO1'].map((s) => [s, 1, 1]));
    // Every SV is SOMATIC: without somatic ones nothing is left.
    expect(await svGenes({ includeSomatic: false })).toEqual([]);
  });
});
