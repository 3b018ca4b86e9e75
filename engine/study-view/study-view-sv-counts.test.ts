import { describe, expect, it } from 'vitest';
import { readAlterationFilter } from '../filter/alteration-filter.js';
import { Db } from '../sql/db.js';
import { sql } from '../sql/sql.js';
import type { StatsPool } from '../stats/pool/pool.js';
import { ProfileMatrices } from '../resident/profile-matrix.js';
import { fetchStructuralVariantCounts } from './study-view-sv-counts.js';

// Study a: profile 1 (its first SV profile) profiles 100 and 101 on P1 (genes A, B), 102 on P2
// (gene A) and 103 without a panel; profile 2 also holds SVs, which are not counted. Study b:
// profile 3 profiles 200 and 201 without a panel. Genes 13 and 14 share the symbol D.
async function store(): Promise<Db> {
  const db = await Db.open(':memory:');
  await db.exec(`
    INSERT INTO cancer_study (study_key, study_id, type_of_cancer_id, name, import_date) VALUES (1, 'a', 'x', 'A', now()), (2, 'b', 'x', 'B', now());
    INSERT INTO sample VALUES (100, 1, 10, 's100', 'Primary'), (101, 1, 11, 's101', 'Primary'), (102, 1, 12, 's102', 'Primary'),
      (103, 1, 13, 's103', 'Primary'), (200, 2, 20, 's200', 'Primary'), (201, 2, 21, 's201', 'Primary');
    INSERT INTO gene (entrez_gene_id, hugo_gene_symbol) VALUES (10, 'A'), (11, 'B'), (12, 'C'), (13, 'D'), (14, 'D');
    INSERT INTO gene_panel (panel_key, panel_id) VALUES (1, 'P1'), (2, 'P2');
    INSERT INTO gene_panel_gene VALUES (1, 10), (1, 11), (2, 10);
    INSERT INTO molecular_profile (profile_key, study_key, stable_id, genetic_alteration_type, datatype, show_profile_in_analysis_tab)
      VALUES (1, 1, 'a_sv', 'STRUCTURAL_VARIANT', 'SV', true), (2, 1, 'a_sv2', 'STRUCTURAL_VARIANT', 'SV', true),
      (3, 2, 'b_sv', 'STRUCTURAL_VARIANT', 'SV', true);
    INSERT INTO sample_profile VALUES (1, 100, 1, 1), (1, 101, 1, 1), (1, 102, 1, 2), (1, 103, 1, NULL), (1, 100, 2, NULL),
      (2, 200, 3, NULL), (2, 201, 3, NULL);
    INSERT INTO structural_variant (study_key, profile_key, sample_key, site1_entrez_gene_id, site2_entrez_gene_id, sv_status) VALUES
      (1, 1, 100, 10, 11, 'SOMATIC'), (1, 1, 100, 10, 11, 'SOMATIC'), (1, 1, 102, 10, 11, 'SOMATIC'), (1, 2, 101, 10, 11, 'SOMATIC'),
      (1, 1, 101, 12, NULL, 'SOMATIC'), (1, 1, 103, 12, NULL, 'GERMLINE'), (2, 3, 200, 12, NULL, 'SOMATIC'),
      (1, 1, 101, 14, 10, NULL), (1, 1, 103, 13, 10, 'SOMATIC');`);
  return db;
}

const counts = async (db: Db, matrices: ProfileMatrices, samples: number[], filter = {}) =>
  (await fetchStructuralVariantCounts(db, matrices, sql`SELECT unnest(${samples}::INTEGER[]) AS sample_key`, readAlterationFilter(filter)))
    .map((c) => [c.uniqueEventKey, c.gene1EntrezGeneId, c.gene2EntrezGeneId, c.numberOfAlteredCases, c.totalCount, c.numberOfProfiledCases, c.matchingGenePanelIds]);

describe('fetchStructuralVariantCounts', () => {
  it('counts the first SV profile per gene pair, merged by key, with the Legacy profiled rule', async () => {
    const db = await store();
    const matrices = new ProfileMatrices(db, {} as StatsPool);
    const all = [100, 101, 102, 103, 200, 201];
    // 6 cases: P1 2, P2 1, without a panel 3 (103, 200, 201; 100's row of profile 2 is not a case).
    // C::null: no panel lists C → the 3 without a panel. A::B: P1 twice (A and B) + P2 + 3 = 8.
    // D::A merges (13, 10) and (14, 10) under the smaller pair: A's panels 3 + 3 = 6.
    // Ordered by total, then altered (C::null 3 before A::B 2), then key.
    expect(await counts(db, matrices, all)).toEqual([
      ['C::null', 12, null, 3, 3, 3, []],
      ['A::B', 10, 11, 2, 3, 8, ['P1', 'P2']],
      ['D::A', 13, 10, 2, 2, 6, ['P1', 'P2']],
    ]);
    // No case without a panel: a pair on no panel counts every case (2). D::A is 101's (14, 10) alone.
    expect(await counts(db, matrices, [100, 101])).toEqual([
      ['A::B', 10, 11, 1, 2, 4, ['P1']],
      ['C::null', 12, null, 1, 1, 2, []],
      ['D::A', 14, 10, 1, 1, 2, ['P1']],
    ]);
    // The status rule: 103's germline C::null goes; 101's SV without status is of unknown status.
    expect(await counts(db, matrices, all, { includeGermline: false })).toEqual([
      ['A::B', 10, 11, 2, 3, 8, ['P1', 'P2']],
      ['C::null', 12, null, 2, 2, 3, []],
      ['D::A', 13, 10, 2, 2, 6, ['P1', 'P2']],
    ]);
    expect(await counts(db, matrices, [200, 201], { includeSomatic: false })).toEqual([]);
    expect(await counts(db, matrices, [])).toEqual([]);
    db.close();
  });
});
