// MutSig files (no shared study has one): a one-sample study written to a temporary folder.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../engine/sql/db.js';
import { sql } from '../../engine/sql/sql.js';
import { parseMutSigHeader } from '../../loaders/formats/mutsig.js';
import type { GeneResolver } from '../../loaders/genes/gene-resolver.js';
import { loadStudy, type LoadSummary } from '../../loaders/load-study.js';
import { openReferenceStore } from '../helpers/store.js';

const tsv = (rows: string[][]) => `${rows.map((r) => r.join('\t')).join('\n')}\n`;

/** A study `mutsig_test` with one sample and the given MutSig file. */
function writeStudy(mutsig: string[][]): string {
  const dir = mkdtempSync(join(tmpdir(), 'duckportal-mutsig-'));
  const files: Record<string, string> = {
    'meta_study.txt': 'type_of_cancer: brca\ncancer_study_identifier: mutsig_test\nname: MutSig test\ndescription: MutSig test\n',
    'meta_clinical_samples.txt': 'cancer_study_identifier: mutsig_test\ngenetic_alteration_type: CLINICAL\ndatatype: SAMPLE_ATTRIBUTES\ndata_filename: data_clinical_samples.txt\n',
    'data_clinical_samples.txt': tsv([['#Patient', 'Sample'], ['#Patient', 'Sample'], ['#STRING', 'STRING'], ['#1', '1'], ['PATIENT_ID', 'SAMPLE_ID'], ['P1', 'S1']]),
    'meta_mutsig.txt': 'cancer_study_identifier: mutsig_test\ngenetic_alteration_type: MUTSIG\ndatatype: Q-VALUE\ndata_filename: data_mutsig.txt\n',
    'data_mutsig.txt': tsv(mutsig),
  };
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

const ROWS = [
  ['1', 'TP53', '1000', '50', '<1e-10', '<1e-8'],
  ['2', 'PIK3CA', '2000', '30', '1e-6', '0.001'],
  ['3', 'NOTAGENE', '100', '5', '0.001', '0.01'], // unknown: skipped
  ['4', 'CDH1', '100', '5', '0.01', '0.2'], // q >= 0.1: skipped
  ['5', 'MLL2', '300', '7', '0.002', '0.05'], // fixed symbol: KMT2D (8085)
  ['6', '4893', '400', '8', '0.003', '0.06'], // all digits: Entrez id of NRAS
];

let store: { db: Db; genes: GeneResolver };
beforeAll(async () => {
  store = await openReferenceStore();
});

const stored = () => store.db.all(sql`SELECT entrez_gene_id, rank, num_bases_covered, num_mutations, p_value, q_value FROM mutsig ORDER BY rank`);

describe('MutSig loader', () => {
  let summary: LoadSummary;
  beforeAll(async () => {
    summary = await loadStudy(store.db, store.genes, writeStudy([['rank', 'gene', 'N', 'n', 'p', 'q'], ...ROWS]));
  });

  it('keeps rows with q < 0.1 and a known gene, without the < signs', async () => {
    // 6 rows - NOTAGENE - CDH1 (q 0.2) = 4.
    expect(await stored()).toEqual([
      { entrez_gene_id: 7157, rank: 1, num_bases_covered: 1000, num_mutations: 50, p_value: 1e-10, q_value: 1e-8 },
      { entrez_gene_id: 5290, rank: 2, num_bases_covered: 2000, num_mutations: 30, p_value: 1e-6, q_value: 0.001 },
      { entrez_gene_id: 8085, rank: 5, num_bases_covered: 300, num_mutations: 7, p_value: 0.002, q_value: 0.05 },
      { entrez_gene_id: 4893, rank: 6, num_bases_covered: 400, num_mutations: 8, p_value: 0.003, q_value: 0.06 },
    ]);
    expect(summary.warnings.join('\n')).toMatch(/line 4\): gene 'NOTAGENE' not found/);
    expect(summary.warnings.join('\n')).toMatch(/line 5\): q >= 0.1; row skipped/);
  });

  it('ranks rows in file order when there is no rank column, skipped rows included (Nnon/nnon columns)', async () => {
    await loadStudy(store.db, store.genes, writeStudy([['gene', 'Nnon', 'nnon', 'P', 'Q'], ...ROWS.map((r) => r.slice(1))]));
    expect((await stored()).map((r) => r.rank)).toEqual([1, 2, 5, 6]);
  });

  it('fails on a non-integer count, naming file, line and column', async () => {
    const dir = writeStudy([['rank', 'gene', 'N', 'n', 'p', 'q'], ['1', 'TP53', 'NA', '50', '0.1', '0.01']]);
    await expect(loadStudy(store.db, store.genes, dir)).rejects.toThrow(/data_mutsig\.txt:2 \(column N\): 'NA' is not an integer/);
  });
});

describe('parseMutSigHeader', () => {
  it('matches rank and N/n exactly, gene/p/q in any case', () => {
    expect(parseMutSigHeader(['rank', 'GENE', 'N', 'n', 'P', 'q'])).toEqual({ rank: 0, gene: 1, basesCovered: 2, mutations: 3, p: 4, q: 5 });
    expect(parseMutSigHeader(['Rank', 'gene', 'Nnon', 'nnon', 'p', 'q'])).toMatchObject({ rank: -1 });
    expect(parseMutSigHeader(['gene', 'N', 'p', 'q'])).toEqual({ missing: 'n (or nnon)' });
  });
});
