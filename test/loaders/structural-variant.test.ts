// Structural variants of study_es_0 (driver columns, gene_panel, two namespaces) and of the
// incremental study_es_0_inc, loaded with the clinical sample file only.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../engine/sql/db.js';
import { sql } from '../../engine/sql/sql.js';
import type { GeneResolver } from '../../loaders/genes/gene-resolver.js';
import { loadStudy, type LoadSummary } from '../../loaders/load-study.js';
import { countRows, openReferenceStore } from '../helpers/store.js';
import { copyStudy, replaceLine } from '../helpers/study-copy.js';

type Store = { db: Db; genes: GeneResolver };
const BASE = ['meta_study.txt', 'meta_cancer_type.txt', 'meta_clinical_samples.txt', 'meta_structural_variants.txt'];
const SV_FILE = 'data_structural_variants.txt';
const svOf = (where = '') => countRows(store.db, 'structural_variant', 'study_es_0', where);
const sampleSql = (id: string) => `AND sample_key = (SELECT sample_key FROM sample WHERE sample_id = '${id}')`;

let store: Store;
beforeAll(async () => {
  store = await openReferenceStore();
});

describe('structural variants of study_es_0', () => {
  beforeAll(async () => {
    await loadStudy(store.db, store.genes, copyStudy('study_es_0', { keepMetas: BASE }));
  });

  it('loads every row', async () => {
    // awk 'NR>1' data_structural_variants.txt | wc -l → 48 rows, all SOMATIC, all samples known,
    // every row has a symbol found in the gene table and no two rows share the duplicate key.
    expect(await svOf()).toBe(48);
    // awk -F'\t' 'NR>1 && $3==""' → 1 row without a site-1 gene ($11=="" likewise for site 2).
    expect(await svOf('AND site1_entrez_gene_id IS NULL')).toBe(1);
    expect(await svOf('AND site2_entrez_gene_id IS NULL')).toBe(1);
  });

  it('records driver columns only where a driver or a tier is given', async () => {
    // awk: rows whose cbp_driver ($40) or cbp_driver_tiers ($42) is not empty/NA → 6.
    expect(await svOf('AND driver_filter IS NOT NULL')).toBe(6);
    const row = await store.db.one(sql`SELECT driver_filter, driver_filter_annotation, driver_tiers_filter, driver_tiers_filter_annotation
      FROM structural_variant WHERE site1_entrez_gene_id = 9780`); // PIEZO1, line 2
    expect(row).toEqual({ driver_filter: 'Putative_Driver', driver_filter_annotation: 'Test driver Foo', driver_tiers_filter: 'Class 4', driver_tiers_filter_annotation: 'Class annotation' });
  });

  it("stores the literal 'NA' for empty text and -1 for missing integers", async () => {
    const row = await store.db.one(sql`SELECT site2_contig, length, normal_read_count, site1_position, namespace_columns
      FROM structural_variant WHERE site1_entrez_gene_id = 9780`);
    expect(row).toMatchObject({ site2_contig: 'NA', length: -1, normal_read_count: -1, site1_position: 138536968 });
    // Line 2 has StructVarNs.column1 = value1, StructVarNs2.lorem = ipsum, StructVarNs.column2 = value2.
    expect(JSON.parse(String(row?.namespace_columns))).toEqual({ StructVarNs: { column1: 'value1', column2: 'value2' }, StructVarNs2: { lorem: 'ipsum' } });
  });

  it('marks the samples with an SV profiled, with the meta gene panel', async () => {
    // awk -F'\t' 'NR>1{print $1}' | sort -u | wc -l → 36 samples; gene_panel: TESTPANEL1.
    const rows = await store.db.all(sql`SELECT gp.panel_id, count(*)::INTEGER AS n FROM sample_profile sp
      JOIN molecular_profile mp USING (profile_key) LEFT JOIN gene_panel gp USING (panel_key)
      WHERE mp.stable_id = 'study_es_0_structural_variants' GROUP BY ALL`);
    expect(rows).toEqual([{ panel_id: 'TESTPANEL1', n: 36 }]);
  });
});

describe('incremental structural variants (study_es_0_inc)', () => {
  let summary: LoadSummary;
  beforeAll(async () => {
    await loadStudy(store.db, store.genes, copyStudy('study_es_0', { keepMetas: BASE }));
    summary = await loadStudy(store.db, store.genes, copyStudy('study_es_0_inc', { keepMetas: ['meta_clinical_samples.txt', 'meta_structural_variants.txt'] }));
  });

  it("replaces the SVs of the file's samples only", async () => {
    // The inc file has 9 rows: TCGA-BH-NEW(-01) 5, TCGA-A1-A0SB-03 2, TCGA-A1-A0SB-01 2; study_es_0 had
    // 2 rows of TCGA-A1-A0SB-01 (awk '$1=="TCGA-A1-A0SB-01"'), so 48 - 2 + 9 = 55.
    expect(summary.rows.structural_variant).toBe(9);
    expect(await svOf()).toBe(55);
    expect(await svOf(sampleSql('TCGA-A1-A0SB-01'))).toBe(2);
    expect(await svOf(sampleSql('TCGA-BH-NEW-01'))).toBe(5);
  });

  it('adds the new samples to the profile', async () => {
    const n = await store.db.one(sql`SELECT count(*)::INTEGER AS n FROM sample_profile JOIN molecular_profile USING (profile_key)
      WHERE stable_id = 'study_es_0_structural_variants'`);
    expect(n).toEqual({ n: 38 }); // 36 + TCGA-A1-A0SB-03 + TCGA-BH-NEW-01
  });
});

describe('rows the importer skips', () => {
  const setCell = (line: number, column: number, value: string) => (t: string) =>
    replaceLine(t, line, (l) => l.split('\t').map((c, i) => (i === column ? value : c)).join('\t'));

  it('skips rows without SV_Status, unknown samples, rows without a known gene and duplicates', async () => {
    const dir = copyStudy('study_es_0', {
      keepMetas: BASE,
      edit: {
        [SV_FILE]: (t) => {
          let text = setCell(2, 43, 'NA')(t); // SV_Status of line 2
          text = setCell(3, 0, 'NOT-A-SAMPLE')(text);
          text = setCell(4, 2, 'NOTAGENE1')(setCell(4, 10, 'NOTAGENE2')(text));
          return `${text.trimEnd()}\n${text.split('\n')[9]}\n`; // line 10 again
        },
      },
    });
    const summary = await loadStudy(store.db, store.genes, dir);
    expect(summary.rows.structural_variant).toBe(45); // 48 rows + the repeated one - 4 skipped
    const warnings = summary.warnings.join('\n');
    expect(warnings).toMatch(/line 2.*SV_Status missing/);
    expect(warnings).toMatch(/line 3.*sample not defined/);
    expect(warnings).toMatch(/line 4.*neither site names a known gene/);
    expect(warnings).toMatch(/line 50.*duplicate structural variant/);
  });

  it('skips every row when the SV_Status column is absent', async () => {
    const dir = copyStudy('study_es_0', { keepMetas: BASE, edit: { [SV_FILE]: setCell(1, 43, 'Status') } });
    const summary = await loadStudy(store.db, store.genes, dir);
    expect(summary.rows.structural_variant ?? 0).toBe(0);
    expect(summary.warnings.join('\n')).toMatch(/no SV_Status column/);
  });
});
