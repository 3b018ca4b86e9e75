// The cohort computed in memory (engine/resident/cohort-keys.ts) against the compiled SQL of the same
// filter (engine/filter/compile.ts), over the shared studies and a small store of awkward values:
// every clinical attribute with each of its values, pairs of them, NA, ranges of every shape and
// case variants; gene filters of every profile with and without CNA alterations; identifier
// lists; omitted and negated items; and blocks computed by DuckDB beside resident ones.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileCohort, type CompileOptions } from '../../engine/filter/compile.js';
import type { StudyViewFilter } from '../../engine/filter/normalize.js';
import { cohortKeys } from '../../engine/resident/cohort-keys.js';
import { ProfileMatrices } from '../../engine/resident/profile-matrix.js';
import { resolveSampleIdentifiers } from '../../engine/resident/sample-identifiers.js';
import { Db } from '../../engine/sql/db.js';
import { sql, type Fragment } from '../../engine/sql/sql.js';
import type { StatsPool } from '../../engine/stats/pool/pool.js';
import { ALL_STUDIES } from '../helpers/app.js';
import { openStudiesStore } from '../helpers/store.js';

type Filter = Record<string, unknown>;

/** SQL cohorts read per statement: one statement per filter would cost most of the file's time. */
const BATCH = 25;

/**
 * Each filter's cohort both ways, side by side, for one expect over all of them (a mismatch names
 * its filter): the keys (and, with `whole`, the whole studies) in memory and those of the SQL.
 */
async function compareAll(db: Db, cases: { filter: Filter; options?: CompileOptions }[], { whole = false } = {}) {
  const matrices = new ProfileMatrices(db, {} as StatsPool);
  const cohorts = await Promise.all(cases.map(async ({ filter, options }) => {
    const list = filter.sampleIdentifiers;
    const identifiers = Array.isArray(list) ? await resolveSampleIdentifiers(db, matrices, list) : undefined;
    return compileCohort(filter as unknown as StudyViewFilter, { ...options, identifiers });
  }));
  const memory: unknown[] = [];
  const expected: { name: string; keys: number[]; whole?: number[] | null }[] = [];
  for (let from = 0; from < cases.length; from += BATCH) {
    const batch = cohorts.slice(from, from + BATCH);
    const [ofCase, keys] = await db.numericColumns(batch.map((cohort, i) => sql`SELECT DISTINCT ${from + i}::DOUBLE AS i, sample_key::DOUBLE AS k FROM (${cohort})`)
      .reduce((a, b) => sql`${a} UNION ALL ${b}`));
    for (let i = from; i < from + batch.length; i++) expected.push({ name: JSON.stringify(cases[i]), keys: [] });
    ofCase.forEach((i, row) => expected[i].keys.push(keys[row]));
  }
  for (const [i, cohort] of cohorts.entries()) {
    const resident = await cohortKeys(db, matrices, cohort.plan!);
    expected[i].keys.sort((a, b) => a - b);
    memory.push({ name: expected[i].name, keys: [...resident.keys], ...(whole ? { whole: resident.wholeStudyKeys ?? null } : {}) });
    if (whole) expected[i].whole = await wholeStudies(db, cohort);
  }
  expect(memory).toEqual(expected);
  return expected;
}

/** The SQL's whole-study check (cohort-cache.ts): the cohort's studies when it holds all their samples. */
async function wholeStudies(db: Db, cohort: Fragment): Promise<number[] | null> {
  const whole = await db.one<{ keys: number[] | null; whole: boolean }>(sql`
    WITH c AS (SELECT DISTINCT sample_key FROM (${cohort})), studies AS (SELECT s.study_key, count(*) AS n FROM c JOIN sample s USING (sample_key) GROUP BY s.study_key)
    SELECT list(study_key ORDER BY study_key) AS keys, coalesce(bool_and(n = (SELECT count(*) FROM sample x WHERE x.study_key = studies.study_key)), false) AS whole FROM studies`);
  return whole?.whole ? whole.keys : null;
}

describe('cohort keys in memory equal the SQL cohort', () => {
  let db: Db;
  beforeAll(async () => { db = await openStudiesStore(ALL_STUDIES); }, 120_000);
  afterAll(() => db?.close());

  it('for every clinical attribute of the shared studies: each value, pairs, NA, ranges, case variants; negated and omitted', async () => {
    const attributes = await db.all<{ study_id: string; attr_id: string; numeric: boolean; values: string[] }>(sql`
      SELECT c.study_id, m.attr_id, m.datatype = 'NUMBER' AS numeric,
        list(DISTINCT v.attr_value ORDER BY v.attr_value) FILTER (WHERE v.attr_value IS NOT NULL) AS "values"
      FROM clinical_attribute_meta m JOIN cancer_study c USING (study_key)
      LEFT JOIN (SELECT study_key, attr_id, attr_value FROM clinical_sample UNION ALL SELECT study_key, attr_id, attr_value FROM clinical_patient) v
        ON v.study_key = m.study_key AND v.attr_id = m.attr_id
      GROUP BY ALL ORDER BY ALL`);
    expect(attributes.length).toBeGreaterThan(50);
    const cases: { filter: Filter; options?: CompileOptions }[] = [];
    for (const a of attributes) {
      const values = (a.values ?? []).slice(0, 3);
      const studyIds = [a.study_id];
      const item = (v: object[]) => ({ studyIds, clinicalDataFilters: [{ attributeId: a.attr_id, values: v }] });
      for (const value of values) cases.push({ filter: item([{ value }]) });
      if (values.length > 0) cases.push({ filter: item([{ value: values[0].toLowerCase() }, { value: values.at(-1)! }, { value: 'NA' }]), options: { negate: true } });
      cases.push({ filter: item([{ value: 'NA' }]) });
      const numbers = values.map(Number).filter(Number.isFinite).sort((x, y) => x - y);
      if (a.numeric || numbers.length > 0) {
        const [low, high] = [numbers[0] ?? 0, numbers.at(-1) ?? 10];
        const middle = numbers[Math.floor(numbers.length / 2)] ?? 5;
        cases.push(
          { filter: item([{ start: low, end: middle }]) }, { filter: item([{ start: middle }, { end: low }]) },
          { filter: item([{ start: middle, end: middle }, { start: null, end: null }]) },
          { filter: item([{ start: low - 1, end: high + 1 }, { value: 'NA' }]), options: { negate: true } },
          { filter: item([{ start: middle, end: high, value: String(high) }]) },
        );
      }
    }
    // Two attributes at once, across studies, one of them omitted ("remove self").
    cases.push(
      { filter: { studyIds: [...ALL_STUDIES], clinicalDataFilters: [{ attributeId: 'SAMPLE_TYPE', values: [{ value: 'Primary Solid Tumor' }, { value: 'NA' }] }, { attributeId: 'OS_MONTHS', values: [{ start: 10, end: 100 }] }] } },
      { filter: { studyIds: [...ALL_STUDIES], clinicalDataFilters: [{ attributeId: 'SAMPLE_TYPE', values: [{ value: 'NA' }] }, { attributeId: 'OS_MONTHS', values: [{ end: 30 }] }] }, options: { omit: { block: 'clinicalDataFilters', key: 'OS_MONTHS' } } },
      { filter: { studyIds: ['no_such_study'], clinicalDataFilters: [{ attributeId: 'OS_MONTHS', values: [{ end: 30 }] }] } },
      { filter: { studyIds: [...ALL_STUDIES], clinicalDataFilters: [{ attributeId: 'NO_SUCH_ATTRIBUTE', values: [{ value: 'NA' }] }] } },
    );
    const answers = await compareAll(db, cases);
    // The cases select something, and not always everything.
    expect(answers.filter((a) => a.keys.length > 0).length).toBeGreaterThan(cases.length / 3);
    expect(new Set(answers.map((a) => a.keys.length)).size).toBeGreaterThan(20);
  });

  it('for gene filters of every profile with events, with and without alterations, and beside blocks DuckDB computes', async () => {
    const profiles = await db.all<{ study_id: string; stable_id: string; symbols: string[] }>(sql`
      SELECT c.study_id, p.stable_id, (list(g.hugo_gene_symbol ORDER BY n DESC, g.hugo_gene_symbol))[1:4] AS symbols
      FROM (SELECT profile_key, entrez_gene_id, count(*) AS n FROM genomic_event GROUP BY ALL) e
      JOIN molecular_profile p USING (profile_key) JOIN cancer_study c USING (study_key) JOIN gene g USING (entrez_gene_id)
      GROUP BY ALL ORDER BY ALL`);
    expect(profiles.length).toBeGreaterThan(3);
    const cases: { filter: Filter; options?: CompileOptions }[] = [];
    for (const p of profiles) {
      const genes = (filter: object) => ({ studyIds: [p.study_id], geneFilters: [{ molecularProfileIds: [p.stable_id], ...filter }] });
      const [a, b, c] = p.symbols;
      cases.push(
        { filter: genes({ geneQueries: [[{ hugoGeneSymbol: a, alterations: [] }]] }) },
        { filter: genes({ geneQueries: [[{ hugoGeneSymbol: a.toLowerCase(), alterations: [] }, { hugoGeneSymbol: b ?? a, alterations: [] }]] }) },
        { filter: genes({ geneQueries: [[{ hugoGeneSymbol: a, alterations: [] }], [{ hugoGeneSymbol: c ?? a, alterations: [] }]] }) },
        { filter: genes({ geneQueries: [[{ hugoGeneSymbol: a, alterations: ['AMP', 'HOMDEL'] }, { hugoGeneSymbol: b ?? a, alterations: ['GAIN', 'HETLOSS', 'DIPLOID'] }]] }) },
        { filter: genes({ geneQueries: [[{ entrezGeneId: 7157, alterations: [] }], []] }) },
        { filter: genes({ geneQueries: [[{ hugoGeneSymbol: 'NO_SUCH_GENE', alterations: [] }, { hugoGeneSymbol: 'TP53', alterations: [] }]] }) },
        { filter: { ...genes({ geneQueries: [[{ hugoGeneSymbol: a, alterations: [] }]] }), caseLists: [[`${p.study_id}_all`]] } },
        { filter: { ...genes({ geneQueries: [[{ hugoGeneSymbol: a, alterations: [] }]] }), genomicProfiles: [['mutations']] }, options: { omit: { block: 'geneFilters' } } },
      );
    }
    cases.push({ filter: { studyIds: [...ALL_STUDIES], geneFilters: [{ molecularProfileIds: profiles.map((p) => p.stable_id), geneQueries: [[{ hugoGeneSymbol: 'Ä', alterations: [] }, { hugoGeneSymbol: 'BRAF', alterations: [] }]] }] } });
    const answers = await compareAll(db, cases);
    expect(answers.filter((a) => a.keys.length > 0).length).toBeGreaterThan(cases.length / 3);
  });

  it("reads a gene filter's events per profile, as lookups of the profile's study (kept across store generations while it is unchanged)", async () => {
    const profiles = await db.all<{ profile_key: number; stable_id: string; study_id: string }>(sql`
      SELECT p.profile_key, p.stable_id, c.study_id FROM molecular_profile p JOIN cancer_study c USING (study_key) WHERE p.stable_id = 'study_es_0_mutations'`);
    const matrices = new ProfileMatrices(db, {} as StatsPool, { profileStudies: new Map(profiles.map((p) => [p.profile_key, p.study_id])) });
    const filter = { studyIds: ['study_es_0'], geneFilters: [{ molecularProfileIds: ['study_es_0_mutations'], geneQueries: [[{ hugoGeneSymbol: 'TP53', alterations: [] }]] }] };
    await cohortKeys(db, matrices, compileCohort(filter as unknown as StudyViewFilter).plan!);
    const events = matrices.keys().filter((key) => key.startsWith('gene sample events'));
    expect(events).toHaveLength(1);
    const before = matrices.buildCounts();
    expect(before.byStudy.study_es_0).toBeGreaterThanOrEqual(1);
    // The lookups a whole-study cohort reads are the store's; the profile's events are not among them.
    const wholeStore = new ProfileMatrices(db, {} as StatsPool);
    await cohortKeys(db, wholeStore, compileCohort(filter as unknown as StudyViewFilter).plan!);
    expect(before.wholeStore).toBe(wholeStore.buildCounts().wholeStore - 1);
  });

  it('for identifier lists, alone and with studyIds, and for whole studies', async () => {
    const samples = await db.all<{ studyId: string; sampleId: string }>(sql`
      SELECT c.study_id AS "studyId", s.sample_id AS "sampleId" FROM sample s JOIN cancer_study c USING (study_key) ORDER BY s.sample_key`);
    const some = samples.filter((_, i) => i % 3 === 0);
    const ofStudy = (id: string) => samples.filter((s) => s.studyId === id);
    const answers = await compareAll(db, [
      { filter: { sampleIdentifiers: some } },
      { filter: { sampleIdentifiers: some, studyIds: ['study_es_0'] } },
      { filter: { sampleIdentifiers: [...some].reverse(), clinicalDataFilters: [{ attributeId: 'SAMPLE_TYPE', values: [{ value: 'NA' }] }] } },
      { filter: { sampleIdentifiers: ofStudy('study_hg38') } },
      { filter: { sampleIdentifiers: [...ofStudy('study_es_0'), ...ofStudy('study_hg38')], studyIds: ['study_hg38'] } },
      { filter: { studyIds: ['study_es_0'], clinicalDataFilters: [{ attributeId: 'SAMPLE_TYPE', values: [{ value: 'no such type' }] }] }, options: { negate: true } },
      { filter: { sampleIdentifiers: [{ studyId: 'study_es_0', sampleId: 'no such sample' }] } },
      { filter: {} },
    ], { whole: true });
    expect(answers.map((a) => a.keys.length > 0)).toEqual([true, true, true, true, true, true, false, false]);
  });
});

describe('cohort keys in memory on awkward clinical values', () => {
  it('decide comparison prefixes, comma decimals, exponents, 32-bit float bounds and undefined attributes as the SQL does', async () => {
    const db = await Db.open(':memory:');
    try {
      const values = ['>5', '>=5', '<5', '<=5', '=5', '5', '5.0', '0.35', '1,5', '1e3', ' 7', '+3', '-2', '.5', 'abc', 'NaN', 'Inf', 'na', 'N/A'];
      await db.exec(`
        INSERT INTO cancer_study (study_key, study_id, type_of_cancer_id, name, import_date) VALUES (1, 'a', 'x', 'A', now()), (2, 'b', 'x', 'B', now());
        INSERT INTO clinical_attribute_meta VALUES (1, 'X', 'X', 'X', 'NUMBER', false, '1'), (1, 'P', 'P', 'P', 'STRING', true, '1');`);
      await db.run(sql`INSERT INTO patient SELECT 1000 + i, 1, 'p' || i FROM range(${values.length + 3}) t(i)`);
      await db.run(sql`INSERT INTO sample SELECT i, 1, 1000 + i, 's' || i, 'Primary' FROM range(${values.length + 3}) t(i)`);
      await db.exec(`INSERT INTO patient VALUES (2000, 2, 'q'); INSERT INTO sample VALUES (500, 2, 2000, 't', 'Primary')`);
      await db.run(sql`INSERT INTO clinical_sample SELECT 1, i - 1, 'X', v FROM unnest(${values}::VARCHAR[]) WITH ORDINALITY t(v, i)`);
      await db.exec(`INSERT INTO clinical_patient VALUES (1, 1000, 'P', 'Yes'), (1, 1001, 'P', 'yes'), (1, 1002, 'P', 'YES ')`);
      const x = (v: object[]) => ({ studyIds: ['a', 'b'], clinicalDataFilters: [{ attributeId: 'X', values: v }] });
      const cases = [
        ...[[5, 5], [4, 5], [5, 6], [0.35, 0.35], [0.3, 0.35], [-3, 3], [0, 1000]].map(([start, end]) => ({ filter: x([{ start, end }]) })),
        ...[5, 4.9999999, 0.35, -2].flatMap((n) => [{ filter: x([{ start: n }]) }, { filter: x([{ end: n }]) }]),
        { filter: x([{ start: null, end: null }]) }, { filter: x([{ value: 'NA' }]) }, { filter: x([{ value: 'na' }, { start: 1 }]) },
        { filter: x([{ value: '>5' }]) }, { filter: x([{ value: 'ABC' }, { value: '1,5' }]) }, { filter: x([{ start: 1e308 }]) }, { filter: x([{ end: -1e308 }]) },
        { filter: { studyIds: ['a', 'b'], clinicalDataFilters: [{ attributeId: 'P', values: [{ value: 'yes' }] }] } },
        { filter: { studyIds: ['a', 'b'], clinicalDataFilters: [{ attributeId: 'P', values: [{ value: 'NA' }] }] } },
      ];
      const answers = await compareAll(db, cases, { whole: true });
      expect(answers.filter((a) => a.keys.length > 0).length).toBeGreaterThan(cases.length / 2);
    } finally {
      db.close();
    }
  });
});
