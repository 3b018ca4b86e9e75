// Issue 21's load defects, on study_es_0 as shipped.
// MUTATION_COUNT (study-format 22): python over data_mutations_extended.maf, distinct (Chromosome,
// Start_Position, End_Position, Reference_Allele, Tumor_Seq_Allele2) of non-germline rows the importer
// keeps (TCGA-A1-A0SB-02's two Silent rows are filtered: 5 in the file, 3 kept), per sample profiled in
// the mutation profile: MAF samples plus non-NA `mutations` cells of data_gene_panel_matrix.txt (28).
// A wrong "1" for a profiled sample without MAF rows (TEST_SAMPLE_14) would count a mutation that
// does not exist, and shift the Study View's MUTATION_COUNT bins (0 → 1).
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../engine/sql/db.js';
import { sql } from '../../engine/sql/sql.js';
import { loadTestStudy, openReferenceStore } from '../helpers/store.js';

let db: Db;

beforeAll(async () => {
  const store = await openReferenceStore();
  await loadTestStudy(store, 'study_es_0');
  db = store.db;
});

async function mutationCount(sampleId: string): Promise<string | undefined> {
  const row = await db.one<{ attr_value: string }>(sql`SELECT c.attr_value FROM clinical_sample c JOIN sample s USING (sample_key)
    WHERE s.sample_id = ${sampleId} AND c.attr_id = 'MUTATION_COUNT'`);
  return row?.attr_value;
}

describe('MUTATION_COUNT of study_es_0', () => {
  it('is 0 for profiled samples without mutations', async () => {
    // TEST_SAMPLE_14: TESTPANEL2 in the matrix, no MAF row; TEST_SAMPLE_6 and TCGA-GI-A2C8-01 likewise.
    expect(await mutationCount('TEST_SAMPLE_14')).toBe('0');
    expect(await mutationCount('TEST_SAMPLE_6')).toBe('0');
    expect(await mutationCount('TCGA-GI-A2C8-01')).toBe('0');
  });

  it('counts the distinct non-germline mutations of samples with MAF rows', async () => {
    expect(await mutationCount('TCGA-A1-A0SB-01')).toBe('12');
    expect(await mutationCount('TCGA-A1-A0SB-02')).toBe('3');
    expect(await mutationCount('TEST_SAMPLE_SOMATIC_HOMOZYGOUS')).toBe('1');
  });

  it('has no value for samples that are not profiled', async () => {
    // TEST_SAMPLE_10: NA in the matrix, no MAF row; TCGA-A1-A0SD-01: only in other profiles.
    expect(await mutationCount('TEST_SAMPLE_10')).toBeUndefined();
    expect(await mutationCount('TCGA-A1-A0SD-01')).toBeUndefined();
  });

  it('takes each value as many times as python counts it', async () => {
    const rows = await db.all<{ attr_value: string; n: number }>(sql`SELECT attr_value, count(*)::INTEGER AS n FROM clinical_sample
      WHERE attr_id = 'MUTATION_COUNT' GROUP BY attr_value ORDER BY attr_value::INTEGER`);
    expect(rows).toEqual([{ attr_value: '0', n: 7 }, { attr_value: '1', n: 19 }, { attr_value: '3', n: 1 }, { attr_value: '12', n: 1 }]);
  });
});

describe('the global case list (add_global_case_list: true)', () => {
  it('is named and described "All cases in study", as the reference importer does (study-format 21.3)', async () => {
    const list = await db.one(sql`SELECT name, description, category, (SELECT count(*)::INTEGER FROM sample_list_member m WHERE m.list_key = l.list_key) AS n
      FROM sample_list l WHERE stable_id = 'study_es_0_all'`);
    expect(list).toEqual({ name: 'All cases in study', description: 'All cases in study', category: 'all_cases_in_study', n: 845 });
  });
});
