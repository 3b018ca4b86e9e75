// Long discrete CNA files: study_es_0's `gistic` profile (driver and namespace columns), and the
// incremental study_es_0_inc/cna_long directory, which must fail on its unknown sample.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../engine/sql/db.js';
import { sql } from '../../engine/sql/sql.js';
import type { GeneResolver } from '../../loaders/genes/gene-resolver.js';
import { loadStudy, type LoadSummary } from '../../loaders/load-study.js';
import { countRows, openReferenceStore, studyDir } from '../helpers/store.js';
import { copyStudy, replaceLine } from '../helpers/study-copy.js';

let store: { db: Db; genes: GeneResolver };
const BASE = ['meta_study.txt', 'meta_cancer_type.txt', 'meta_clinical_samples.txt', 'meta_clinical_patients.txt', 'meta_cna_discrete.txt'];
const GISTIC = "AND profile_key = (SELECT profile_key FROM molecular_profile WHERE stable_id = 'study_es_0_gistic')";
const withoutUnknownSample = (t: string) => t.split('\n').filter((l) => !l.includes('TCGA-BH-NON-EXIST')).join('\n');

beforeAll(async () => {
  store = await openReferenceStore();
  await loadStudy(store.db, store.genes, copyStudy('study_es_0', { keepMetas: BASE }));
});

interface EventRow {
  symbol: string;
  sample_id: string;
  alteration: number;
  driver: (string | null)[];
  namespace_columns: string | null;
}

async function events(where = ''): Promise<EventRow[]> {
  const rows = await store.db.all<EventRow>(sql`
    SELECT g.hugo_gene_symbol AS symbol, s.sample_id, e.alteration,
      [e.driver_filter, e.driver_filter_annotation, e.driver_tiers_filter, e.driver_tiers_filter_annotation] AS driver, e.namespace_columns
    FROM cna_event e JOIN gene g USING (entrez_gene_id) JOIN sample s USING (sample_key)
    WHERE e.study_key = (SELECT study_key FROM cancer_study WHERE study_id = 'study_es_0') ORDER BY s.sample_id, g.hugo_gene_symbol`);
  return rows.filter((r) => r.sample_id.includes(where));
}

describe('study_es_0 data_cna_discrete.txt (DISCRETE_LONG)', () => {
  it('rebuilds the matrix', async () => {
    // 6304 rows = 8 genes × 788 samples, each pair once; every Entrez id resolves.
    expect(await countRows(store.db, 'gene_value', 'study_es_0', GISTIC)).toBe(6304);
    expect(await countRows(store.db, 'sample_profile', 'study_es_0', GISTIC)).toBe(788);
    const profile = await store.db.one(sql`SELECT datatype FROM molecular_profile WHERE stable_id = 'study_es_0_gistic'`);
    expect(profile).toEqual({ datatype: 'DISCRETE' });
  });

  it('makes events of the ±2 rows with their driver columns', async () => {
    // Value column: 49 × '2' and 14 × '-2' (awk | sort | uniq -c).
    expect(await countRows(store.db, 'cna_event', 'study_es_0')).toBe(63);
    // The 7 rows with a cbp_driver or cbp_driver_tiers value are all ±2; empty cells read as 'NA'.
    const annotated = (await events()).filter((e) => e.driver[0] !== null);
    expect(annotated.map((e) => [e.symbol, e.sample_id, e.alteration, ...e.driver])).toEqual([
      ['ACAP3', 'TCGA-A2-A04U-01', 2, 'Putative_Passenger', 'Test passenger', 'Class 2', 'Class annotation'],
      ['AGRN', 'TCGA-A2-A04U-01', 2, 'Putative_Driver', 'Test driver', 'Class 1', 'Class annotation'],
      ['ATAD3C', 'TCGA-A2-A04U-01', 2, 'Putative_Passenger', 'Test passenger', 'NA', 'NA'],
      ['ERCC5', 'TCGA-A2-A04U-01', 2, 'Putative_Driver', 'Test driver', 'NA', 'NA'],
      ['ATAD3A', 'TCGA-A7-A26F-01', -2, 'NA', 'NA', 'Class 2', 'Class annotation'],
      ['ATAD3B', 'TCGA-A7-A26F-01', -2, 'NA', 'NA', 'Class 1', 'Class annotation'],
      ['ERCC5', 'TCGA-A7-A26F-01', -2, 'Putative_Driver', 'NA', 'NA', 'NA'],
    ]);
  });

  it('keeps the declared namespaces of each event as JSON', async () => {
    const all = await events();
    const acap3 = all.find((e) => e.symbol === 'ACAP3' && e.sample_id === 'TCGA-A2-A04U-01');
    expect(JSON.parse(acap3!.namespace_columns!)).toEqual({ MyNamespace: { column1: 'value1b', column2: 'value2b' }, MyNamespace2: { blarp: 'bluirp2' } });
    const agrn = all.find((e) => e.symbol === 'AGRN' && e.sample_id === 'TCGA-A2-A04U-01');
    expect(JSON.parse(agrn!.namespace_columns!)).toEqual({ MyNamespace: { column1: null, column2: null }, MyNamespace2: { blarp: null } });
  });
});

describe('study_es_0_inc/cna_long', () => {
  it('fails on the unknown sample TCGA-BH-NON-EXIST, leaving the study as it was', async () => {
    await expect(loadStudy(store.db, store.genes, studyDir('study_es_0_inc/cna_long'))).rejects.toThrow(
      /data_cna_discrete_long\.txt:3 \(column Sample_Id\): sample 'TCGA-BH-NON-EXIST' is not defined/,
    );
    expect(await countRows(store.db, 'gene_value', 'study_es_0', GISTIC)).toBe(6304);
  });

  it('aborts on an ambiguous alias', async () => {
    // ACTL6 is an alias of two genes (86, 51412) in the reference gene table.
    const dir = copyStudy('study_es_0_inc/cna_long', {
      edit: { 'data_cna_discrete_long.txt': (t) => replaceLine(withoutUnknownSample(t), 2, (l) => l.replace('AKT3\t10000', 'ACTL6\t')) },
    });
    await expect(loadStudy(store.db, store.genes, dir)).rejects.toThrow(/data_cna_discrete_long\.txt:2 \(column Hugo_Symbol\): gene symbol 'ACTL6' is an alias of several genes/);
  });

  describe('without the unknown sample', () => {
    let summary: LoadSummary;
    beforeAll(async () => {
      // Line 3 of the edited file (AKT3 of TCGA-AO-A129-01) gets the value NA.
      const edit = (t: string) => replaceLine(withoutUnknownSample(t), 3, (l) => l.replace(/\t-2$/, '\tNA'));
      summary = await loadStudy(store.db, store.genes, copyStudy('study_es_0_inc/cna_long', { edit: { 'data_cna_discrete_long.txt': edit } }));
    });

    it('replaces the two samples\' cells with the file\'s; cells the file leaves out are absent', async () => {
      // Base: 8 genes × 788 samples = 6,304 cells; the 2 samples' 16 base cells are replaced by their
      // 19 rows with a usable value (20 rows in the file, minus the one edited to NA): 6,304 − 16 + 19.
      expect(await countRows(store.db, 'gene_value', 'study_es_0', GISTIC)).toBe(6_307);
      const cells = await store.db.all<{ symbol: string; value: string }>(sql`
        SELECT g.hugo_gene_symbol AS symbol, v.value FROM gene_value v JOIN gene g USING (entrez_gene_id) JOIN sample s USING (sample_key)
        WHERE s.sample_id = 'TCGA-AO-A129-01' AND v.entrez_gene_id IN (10000, 675, 116983) ORDER BY 1`);
      expect(cells).toEqual([{ symbol: 'BRCA2', value: '0' }]);
      expect(summary.warnings.join('\n')).toMatch(/data_cna_discrete_long\.txt \(line 3\): Value is not a discrete CNA level/);
    });

    it('stores -1.5 as -2 and makes events of ±2 rows only, with partial driver columns read as NA', async () => {
      const brca2 = await store.db.one(sql`SELECT v.value FROM gene_value v JOIN sample s USING (sample_key)
        WHERE s.sample_id = 'TCGA-C8-A12K-01' AND v.entrez_gene_id = 675`);
      expect(brca2).toEqual({ value: '-2' });
      // 63 base events (none of these two samples) + 7 of C8-A12K + 4 of AO-A129 (its AKT3 -2 is now NA).
      expect(await countRows(store.db, 'cna_event', 'study_es_0')).toBe(74);
      const added = [...(await events('TCGA-AO-A129-01')), ...(await events('TCGA-C8-A12K-01'))];
      expect(added.map((e) => [e.symbol, e.alteration, ...e.driver].join(' '))).toEqual([
        'AKT1 2    ', 'BRAF -2    ', 'CDK1 2 Putative_Passenger Test passenger NA NA', 'KRAS 2 Putative_Passenger Test passenger Class 2 Class annotation',
        'AKT2 -2    ', 'BRAF 2    ', 'BRCA1 2    ', 'BRCA2 -2    ', 'CDK1 -2 Putative_Driver NA NA NA', 'HRAS 2    ', 'NRAS -2    ',
      ]);
      expect(added.every((e) => e.namespace_columns === null)).toBe(true);
    });
  });
});
