// Block compilers on SQL text + params and on rows of a tiny in-memory store (study-view.md 3).
// Store: st1 {p1: s1, s2; p2: s3}, st2 {q1: t1}; GRADE sample-level in st1 only; AGE patient-level
// in st1, sample-level in st2 (mixed levels).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Db } from '../sql/db.js';
import { sql, type Fragment } from '../sql/sql.js';
import { compileCaseListFilter } from './case-lists.js';
import { compileClinicalDataFilter } from './clinical-data.js';
import { compileCohort, inCohort, type Cohort } from './compile.js';
import { compileCustomDataFilter, customValueMatches, normalizeCustomValue } from './custom-data.js';
import { compileGeneFilter } from './gene.js';
import { compileGenomicDataFilter } from './genomic-data.js';
import { compileMutationDataFilter } from './mutation-data.js';
import { compileClinicalEventFilter } from './clinical-events.js';
import { compilePatientTreatmentFilter, compileSampleTreatmentFilter } from './treatments.js';
import { normalizeStudyViewFilter, type CustomDataFilter } from './normalize.js';
import { isNumericItem } from './values.js';

let db: Db;
beforeAll(async () => {
  db = await Db.open(':memory:');
  await db.exec(`
    INSERT INTO cancer_study (study_key, study_id, type_of_cancer_id, name, import_date) VALUES (1, 'st1', 'x', 'S1', now()), (2, 'st2', 'x', 'S2', now());
    INSERT INTO patient VALUES (1, 1, 'p1'), (2, 1, 'p2'), (3, 2, 'q1');
    INSERT INTO sample VALUES (1, 1, 1, 's1', 'Primary Solid Tumor'), (2, 1, 1, 's2', 'Primary Solid Tumor'), (3, 1, 2, 's3', 'Metastatic'), (4, 2, 3, 't1', 'Metastatic');
    INSERT INTO clinical_attribute_meta VALUES (1, 'GRADE', 'Grade', '', 'STRING', false, '1'), (1, 'AGE', 'Age', '', 'NUMBER', true, '1'), (2, 'AGE', 'Age', '', 'NUMBER', false, '1');
    INSERT INTO clinical_sample VALUES (1, 1, 'GRADE', 'II'), (1, 2, 'GRADE', 'iii'), (2, 4, 'AGE', '<18');
    INSERT INTO clinical_patient VALUES (1, 1, 'AGE', '25'), (1, 2, 'AGE', '>89');
    INSERT INTO gene VALUES (7157, 'TP53', 'protein-coding', NULL), (472, 'ATM', 'protein-coding', NULL);
    INSERT INTO molecular_profile (profile_key, study_key, stable_id, genetic_alteration_type, datatype, show_profile_in_analysis_tab)
      VALUES (1, 1, 'st1_mutations', 'MUTATION_EXTENDED', 'MAF', true), (2, 1, 'st1_gistic', 'COPY_NUMBER_ALTERATION', 'DISCRETE', true);
    INSERT INTO gene_panel VALUES (1, 'ATM_ONLY', NULL);
    INSERT INTO gene_panel_gene VALUES (1, 472);
    INSERT INTO sample_profile VALUES (1, 1, 1, NULL), (1, 2, 1, NULL), (1, 3, 1, 1), (1, 1, 2, NULL), (1, 2, 2, NULL);
    INSERT INTO genomic_event VALUES
      (1, 1, 1, 1, 7157, 'mutation', 'Missense_Mutation', 'Somatic', NULL, NULL, NULL, false),
      (1, 2, 1, 2, 472, 'cna', 'NA', 'NA', NULL, NULL, -2, false),
      (1, 3, 2, 2, 7157, 'cna', 'NA', 'NA', NULL, NULL, 2, false);
    INSERT INTO gene_value VALUES (1, 2, 472, 1, '0', 0), (1, 2, 472, 2, '-2', -2), (1, 2, 472, 3, 'NA', NULL);
    INSERT INTO sample_list VALUES (1, 1, 'st1_sequenced', 'x', 'seq', NULL), (2, 1, 'st1_xsequenced', 'x', 'other', NULL);
    INSERT INTO sample_list_member VALUES (1, 1, 1), (1, 1, 3), (1, 2, 2);
    INSERT INTO clinical_event VALUES (1, 1, 1, 10, NULL, 'Treatment'), (2, 1, 1, 5, NULL, 'Sample Acquisition'),
      (3, 1, 1, 20, NULL, 'SPECIMEN'), (4, 1, 2, 0, NULL, 'treatment');
    INSERT INTO clinical_event_data VALUES (1, 1, 'AGENT_TARGET', 'EGFR, ERBB2'), (1, 1, 'AGENT', 'Lapatinib'),
      (1, 2, 'SAMPLE_ID', 's1'), (1, 3, 'SAMPLE_ID', 's2'), (1, 4, 'AGENT', 'Lapatinib');`);
});
afterAll(() => db.close());

const BOTH = sql`SELECT study_key FROM cancer_study`;
const ST1 = sql`SELECT study_key FROM cancer_study WHERE study_id = 'st1'`;
const keys = async (f: Fragment | undefined) =>
  f === undefined ? undefined : (await db.all<{ k: number }>(sql`SELECT DISTINCT sample_key AS k FROM (${f}) ORDER BY 1`)).map((r) => r.k);

describe('clinicalDataFilters', () => {
  it('categorical: case-insensitive equality at the sample level, bound as parameters', async () => {
    const f = compileClinicalDataFilter({ attributeId: 'GRADE', values: [{ value: 'ii' }] }, BOTH);
    expect(f.text).toContain('WHERE cs.attr_id = $1');
    expect(f.text).toContain('WHERE cp.attr_id = $2');
    expect(f.text).toContain('LEFT JOIN clinical_attribute_meta m ON m.study_key = s.study_key AND m.attr_id = $3');
    expect(f.text).toContain('lower(v.attr_value) = lower($4)');
    expect(f.params).toEqual(['GRADE', 'GRADE', 'GRADE', 'ii']);
    expect(await keys(f)).toEqual([1]);
  });

  it('NA: missing values and every sample of a study without the attribute', async () => {
    expect(await keys(compileClinicalDataFilter({ attributeId: 'GRADE', values: [{ value: 'NA' }] }, BOTH))).toEqual([3, 4]);
    expect(await keys(compileClinicalDataFilter({ attributeId: 'GRADE', values: [{ value: 'NA' }, { value: 'III' }] }, ST1))).toEqual([2, 3]);
  });

  it('numeric: (start, end], special values per side, patient level to all samples, mixed levels', async () => {
    const age = (values: object[]) => keys(compileClinicalDataFilter({ attributeId: 'AGE', values }, BOTH));
    expect(await age([{ end: 25 }])).toEqual([1, 2, 4]); // p1 = 25 (two samples), t1 '<18'
    expect(await age([{ start: 85 }])).toEqual([3]); // p2 '>89'
    expect(await age([{ start: 10, end: 100 }])).toEqual([1, 2]); // '<18', '>89' not in two-sided ranges
    expect(await age([{ start: 25, end: 25 }])).toEqual([1, 2]);
    expect(await age([{ start: 25, end: 30 }])).toEqual([]); // start exclusive
    expect(await age([{ value: 'NA' }, { start: 85 }])).toEqual([3]); // numeric item; no NA rows
    expect(await age([{}])).toEqual([1, 2, 3, 4]); // all-null: every sample of a defining study
  });

  it('classifies items by the presence of a range', () => {
    expect(isNumericItem([{ value: 'NA' }, { start: 1, end: 2 }])).toBe(true);
    expect(isNumericItem([{ value: 'NA' }, { value: 'x' }])).toBe(false);
    expect(isNumericItem([{ start: null, end: null, value: null }])).toBe(true);
  });
});

describe('geneFilters', () => {
  const gene = (profiles: string[], geneQueries: unknown[][]) => {
    const [item] = normalizeStudyViewFilter({ geneFilters: [{ molecularProfileIds: profiles, geneQueries }] }).items;
    if (item.block !== 'geneFilters') throw new Error(item.block);
    return compileGeneFilter(item.filter, BOTH);
  };

  it('inner OR, outer AND, CNA codes from the string form', async () => {
    const f = gene(['st1_gistic'], [['ATM:HOMDEL']]);
    expect(f?.text).toContain('e.cna_alteration IN (SELECT unnest($3::INTEGER[]))');
    expect(f?.params).toEqual([['st1_gistic'], 'ATM', [-2]]);
    expect(await keys(f)).toEqual([2]);
    expect(await keys(gene(['st1_gistic'], [['TP53:HOMDEL']]))).toEqual([]);
    expect(await keys(gene(['st1_mutations', 'st1_gistic'], [['TP53']]))).toEqual([1, 3]);
    expect(await keys(gene(['st1_mutations', 'st1_gistic'], [['TP53', 'ATM']]))).toEqual([1, 2, 3]);
    expect(await keys(gene(['st1_mutations', 'st1_gistic'], [['TP53'], ['ATM']]))).toEqual([]);
    expect(await keys(gene(['st1_mutations'], [[{ entrezGeneId: 7157 }]]))).toEqual([]); // symbol only
  });
});

describe('mutationDataFilters', () => {
  const mut = (values: string[][]) => keys(compileMutationDataFilter({
    hugoGeneSymbol: 'TP53', categorization: 'MUTATED', values: values.map((l) => l.map((value) => ({ value }))),
  }, BOTH));

  it('MUTATED / NOT_MUTATED (profiled: no panel or a panel with the gene) / NOT_PROFILED', async () => {
    expect(await mut([['MUTATED']])).toEqual([1]);
    expect(await mut([['NOT_MUTATED']])).toEqual([2]); // s3's panel lacks TP53
    expect(await mut([['NOT_PROFILED']])).toEqual([3, 4]);
    expect(await mut([['MUTATED', 'NOT_MUTATED'], ['NOT_MUTATED']])).toEqual([2]); // all lists ANDed
  });
});

describe('genomicDataFilters', () => {
  it('discrete values by equality; NA = no stored (or NA-like) value, in any involved study', async () => {
    const cna = (values: object[]) => keys(compileGenomicDataFilter({ hugoGeneSymbol: 'ATM', profileType: 'gistic', values }, BOTH));
    expect(await cna([{ value: '-2' }])).toEqual([2]);
    expect(await cna([{ value: 'NA' }])).toEqual([3, 4]);
    expect(await cna([{ start: -3, end: 0 }])).toEqual([1, 2]);
  });
});

describe('caseLists', () => {
  it('matches <studyId>_<suffix> exactly', async () => {
    const f = compileCaseListFilter(['sequenced'], BOTH);
    expect(f.params).toEqual([['sequenced']]);
    expect(await keys(f)).toEqual([1, 3]); // not s2 of st1_xsequenced
  });
});

describe('clinical events and treatments', () => {
  it('patient events reach all samples of the patient; event types are case-sensitive', async () => {
    expect(await keys(compileClinicalEventFilter(['Treatment'], BOTH))).toEqual([1, 2]);
    expect(await keys(compileClinicalEventFilter(['SPECIMEN', 'treatment'], BOTH))).toEqual([1, 2, 3]);
  });

  it('tiers by data key, targets split on commas, Pre/Post by the earliest sample time', async () => {
    expect(await keys(compilePatientTreatmentFilter('Agent', ['Lapatinib'], BOTH))).toEqual([1, 2, 3]);
    expect(await keys(compilePatientTreatmentFilter('AgentTarget', ['ERBB2'], BOTH))).toEqual([1, 2]);
    expect(await keys(compilePatientTreatmentFilter('AgentTarget', ['EGFR, ERBB2'], BOTH))).toEqual([]);
    // p1 treated at 10: s1 sampled at 5 (Pre), s2 at 20 (Post); s3 has no sample time.
    expect(await keys(compileSampleTreatmentFilter('Agent', [{ treatment: 'Lapatinib', time: 'Pre' }], BOTH))).toEqual([1]);
    expect(await keys(compileSampleTreatmentFilter('AgentTarget', [{ treatment: 'EGFR', time: 'Post' }], BOTH))).toEqual([2]);
  });
});

describe('customDataFilters (inline samples)', () => {
  const custom = (values: object[], datatype = 'STRING'): CustomDataFilter => ({
    attributeId: 'c', datatype, values,
    samples: [{ studyId: 'st1', sampleId: 's1', value: 'a' }, { studyId: 'st1', sampleId: 's2', value: 'N/A' }, { studyId: 'st1', sampleId: 's3', value: '>5' }],
  });

  it('matches values upper-cased; NA = NA-like or unlisted', async () => {
    expect(normalizeCustomValue(' nan ')).toBe('NA');
    expect(await keys(compileCustomDataFilter(custom([{ value: 'A' }]), BOTH))).toEqual([1]);
    expect(await keys(compileCustomDataFilter(custom([{ value: 'NA' }]), BOTH))).toEqual([2, 4]);
    expect(compileCustomDataFilter({ ...custom([{ value: 'A' }]), samples: [] }, BOTH)).toBeUndefined();
  });

  it('NUMBER: Legacy range enclosure', () => {
    const f = custom([{ start: 4 }], 'NUMBER');
    expect(customValueMatches(f, '>5')).toBe(true);
    expect(customValueMatches(f, '<5')).toBe(false);
    expect(customValueMatches(custom([{ start: 1, end: 5 }], 'NUMBER'), '5')).toBe(true);
    expect(customValueMatches(custom([{ start: 5, end: 5 }], 'NUMBER'), '5')).toBe(true);
    expect(customValueMatches(custom([{ start: 5, end: 10 }], 'NUMBER'), '5')).toBe(false);
  });
});

describe('compileCohort', () => {
  const grade = { studyIds: ['st1', 'st2'], clinicalDataFilters: [{ attributeId: 'GRADE', values: [{ value: 'II' }] }] };

  it('intersects the base set with every block; omit and negate', async () => {
    expect(await keys(compileCohort(grade))).toEqual([1]);
    expect(await keys(compileCohort(grade, { omit: { block: 'clinicalDataFilters', key: 'GRADE' } }))).toEqual([1, 2, 3, 4]);
    expect(await keys(compileCohort(grade, { omit: { block: 'clinicalDataFilters', key: 'AGE' } }))).toEqual([1]);
    expect(await keys(compileCohort(grade, { omit: [{ block: 'customDataFilters', key: 'GRADE' }, { block: 'clinicalDataFilters', key: 'GRADE' }] }))).toEqual([1, 2, 3, 4]);
    expect(await keys(compileCohort(grade, { omit: { block: 'clinicalDataFilters' } }))).toEqual([1, 2, 3, 4]);
    expect(await keys(compileCohort(grade, { negate: true }))).toEqual([2, 3, 4]);
    expect(await keys(compileCohort({ ...grade, studyIds: ['st2'] }))).toEqual([]);
    expect(await keys(compileCohort({ sampleIdentifiers: [{ studyId: 'st1', sampleId: 's1' }, { studyId: 'st2', sampleId: 's1' }] }))).toEqual([1]);
  });

  it('marks whole studies, and inCohort tests study_key for them and sample_key otherwise', async () => {
    const inSampleList = async (cohort: Cohort) =>
      (await db.all<{ k: number }>(sql`SELECT DISTINCT m.sample_key AS k FROM sample_list_member m WHERE ${inCohort(cohort, 'm')} ORDER BY 1`)).map((r) => r.k);
    const whole = compileCohort({ studyIds: ['st1'], clinicalDataFilters: [] });
    expect(whole.wholeStudies).toBeDefined();
    expect(inCohort(whole, 'm').text).toMatch(/^m\.study_key IN \(/);
    expect(await inSampleList(whole)).toEqual([1, 2, 3]);
    expect(compileCohort(grade, { omit: { block: 'clinicalDataFilters' } }).wholeStudies).toBeDefined();
    for (const narrowed of [compileCohort(grade), compileCohort({ studyIds: ['st1'], sampleIdentifiers: [{ studyId: 'st1', sampleId: 's2' }] })]) {
      expect(narrowed.wholeStudies).toBeUndefined();
      expect(inCohort(narrowed, 'm').text).toMatch(/^m\.sample_key IN \(/);
    }
    expect(await inSampleList(compileCohort(grade))).toEqual([1]);
  });

  it('leaves the request untouched', () => {
    const request = JSON.parse(JSON.stringify(grade));
    compileCohort(request);
    expect(request).toEqual(grade);
  });
});
