// Values the importer stores in another form, or not at all, are said in the load summary
// (issue 21, study-format 3.4, 8.5, 12): a copy of study_es_0 with its MAF, expression and patient
// files damaged at known lines. Literal values and line numbers are those of the shared files.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../engine/sql/db.js';
import { sql } from '../../engine/sql/sql.js';
import { loadStudy, type LoadSummary } from '../../loaders/load-study.js';
import { openReferenceStore } from '../helpers/store.js';
import { copyStudy, replaceLine } from '../helpers/study-copy.js';

/** Replaces the 0-based `column` of the `line`-th line (1-based) with `value`. */
const setCell = (line: number, column: number, value: string) => (text: string) =>
  replaceLine(text, line, (l) => l.split('\t').map((c, i) => (i === column ? value : c)).join('\t'));
const chain = (...edits: ((text: string) => string)[]) => (text: string) => edits.reduce((t, edit) => edit(t), text);

let db: Db;
let summary: LoadSummary;

beforeAll(async () => {
  const store = await openReferenceStore({ genesets: false });
  db = store.db;
  const dir = copyStudy('study_es_0', {
    keepMetas: ['meta_study.txt', 'meta_cancer_type.txt', 'meta_clinical_samples.txt', 'meta_clinical_patients.txt', 'meta_mutations_extended.txt', 'meta_expression_median.txt'],
    edit: {
      // MAF: line 3 (OR11H1, TCGA-A1-A0SB-01) and line 5 (ABLIM1, same sample); column 5 is Start_Position.
      'data_mutations_extended.maf': chain(setCell(3, 5, 'abc'), setCell(5, 5, '')),
      // Expression: line 3 is RPS11, line 4 PNMA1; columns 2 and 3 are TCGA-A1-A0SD-01 and TCGA-A1-A0SE-01.
      'data_expression_median.txt': chain(setCell(3, 2, 'abc'), setCell(4, 3, '1e400')),
      // Patients: lines 7, 8, 9 are TCGA-A1-A0SK, TCGA-A2-A0CM, TCGA-AR-A1AR; column 2 is OS_MONTHS (NUMBER).
      'data_clinical_patients.txt': chain(setCell(7, 2, '1e400'), setCell(8, 2, 'inf'), setCell(9, 2, '1e300')),
    },
  });
  summary = await loadStudy(store.db, store.genes, dir);
});

describe('a MAF position that is not an integer', () => {
  it('is stored as 0, as the importer does', async () => {
    const rows = await db.all(sql`SELECT g.hugo_gene_symbol AS gene, m.start_position, m.end_position FROM mutation m
      JOIN gene g USING (entrez_gene_id) JOIN sample s USING (sample_key)
      WHERE s.sample_id = 'TCGA-A1-A0SB-01' AND g.hugo_gene_symbol IN ('OR11H1', 'TMEM247', 'ABLIM1') ORDER BY gene`);
    expect(rows).toEqual([
      { gene: 'ABLIM1', start_position: 0, end_position: 116247760 },
      { gene: 'OR11H1', start_position: 0, end_position: 16449539 },
      { gene: 'TMEM247', start_position: 46707888, end_position: 46707888 },
    ]);
  });

  it('is counted in the load summary with the first line and value', () => {
    expect(summary.warnings).toContain("data_mutations_extended.maf (line 3): 2 Start_Position value(s) not a non-negative integer: stored as 0 (first: 'abc')");
  });
});

describe('an expression cell that is neither a number nor NA', () => {
  it('is stored as written, with no number (1e400 is not stored as inf)', async () => {
    const cells = await db.all(sql`SELECT g.hugo_gene_symbol AS gene, s.sample_id, v.value, v.number FROM gene_value v
      JOIN gene g USING (entrez_gene_id) JOIN sample s USING (sample_key)
      WHERE (g.hugo_gene_symbol, s.sample_id) IN (('RPS11', 'TCGA-A1-A0SD-01'), ('PNMA1', 'TCGA-A1-A0SE-01'), ('RPS11', 'TCGA-A1-A0SE-01'))
      ORDER BY gene, sample_id`);
    expect(cells).toEqual([
      { gene: 'PNMA1', sample_id: 'TCGA-A1-A0SE-01', value: '1e400', number: null },
      { gene: 'RPS11', sample_id: 'TCGA-A1-A0SD-01', value: 'abc', number: null },
      { gene: 'RPS11', sample_id: 'TCGA-A1-A0SE-01', value: '0.716', number: 0.716 },
    ]);
  });

  it('is counted in the load summary with the first line, value and sample', () => {
    expect(summary.warnings).toContain(
      "data_expression_median.txt (line 3): 2 cell(s) neither a number nor NA: stored as written, read as no value (first: 'abc', sample TCGA-A1-A0SD-01)");
  });
});

describe('a NUMBER clinical value that is not finite as a double', () => {
  it('is not stored (1e400 and inf); a large finite value is', async () => {
    const rows = await db.all(sql`SELECT p.patient_id, c.attr_value FROM clinical_patient c JOIN patient p USING (patient_key)
      WHERE c.attr_id = 'OS_MONTHS' AND p.patient_id IN ('TCGA-A1-A0SK', 'TCGA-A2-A0CM', 'TCGA-AR-A1AR') ORDER BY p.patient_id`);
    expect(rows).toEqual([{ patient_id: 'TCGA-AR-A1AR', attr_value: '1e300' }]);
  });

  it('is counted in the load summary with the first line and value', () => {
    expect(summary.warnings).toContain("data_clinical_patients.txt (line 7): 2 OS_MONTHS value(s) not a finite number (datatype NUMBER): not stored (first: '1e400')");
  });
});
