// Study View clinical tab (study-view.md 4.21).
// Expected values worked out with python from ../shared/studies (data_clinical_sample.txt /
// data_clinical_patient.txt of lgg_ucsf_2014_test_generic_assay, 61 samples in file order = import
// order; NA-like cells per study-format 3.4 dropped): search = literal, case-sensitive substring of
// a sample value, a patient value, the sample id or the patient id; sorts as Python's sorted() on the
// values (floats for NUMBER attributes), missing values last, ties in file order. Derived values:
// MUTATION_COUNT = distinct (Chromosome, Start, End, Ref, Tumor_Seq_Allele2) of P01_Pri's
// non-germline rows of data_mutations_extended.txt, without the importer's filtered classes (Silent,
// Intron, RNA, 3'/5' UTR and Flank, IGR): 39; SAMPLE_COUNT = P01's rows in the sample file (2).
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp } from '../helpers/app.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await openTestApp();
});
afterAll(() => app.close());

const LGG = 'lgg_ucsf_2014_test_generic_assay';
const ES = 'study_es_0';
const ALL = { studyIds: [LGG] };
const key = (sampleId: string, studyId = LGG) => Buffer.from(`${sampleId}:${studyId}`).toString('base64').replace(/=+$/, '');

const table = async (query: string, payload: unknown) => {
  const res = await app.inject({ method: 'POST', url: `/api/clinical-data-table/fetch${query}`, payload: payload as object });
  return { status: res.statusCode, total: res.headers['total-count'], body: res.json() };
};
/** The page's sample keys, in response order. */
const keys = async (query: string, payload: unknown = ALL) => {
  const { total, body } = await table(query, payload);
  return { total: Number(total), keys: Object.keys(body.byUniqueSampleKey) };
};

describe('POST /api/clinical-data-table/fetch', () => {
  it('returns one page in import order with the total count, sample then patient values', async () => {
    const { status, total, body } = await table('?pageSize=5', ALL);
    expect(status).toBe(200);
    expect(total).toBe('61');
    expect(Object.keys(body.byUniqueSampleKey)).toEqual(['P01_Pri', 'P01_Rec', 'P02_Pri', 'P02_Rec', 'P04_Pri'].map((s) => key(s)));
    const row = (clinicalAttributeId: string, value: string) => ({ clinicalAttributeId, value, sampleId: 'P01_Pri', patientId: 'P01', studyId: LGG });
    expect(body.byUniqueSampleKey[key('P01_Pri')]).toEqual([
      row('CANCER_TYPE', 'Glioma'), row('CANCER_TYPE_DETAILED', 'Astrocytoma'), row('GRADE', 'II'), row('IDH1_MUTATION', 'R132H'),
      row('MGMT_STATUS', 'Unmethylated'), row('MUTATION_COUNT', '39'), row('NON_SILENT_MUT_TP53_ATRX_CIC_FUBP1', 'TP53, ATRX'),
      row('ONCOTREE_CODE', 'ASTR'), row('SAMPLE_TYPE', 'Primary'), row('SOMATIC_STATUS', 'Matched'), row('STATUS_1P_19Q', 'Intact'),
      row('AGE', '28'), row('OS_MONTHS', '58'), row('OS_STATUS', '1:DECEASED'), row('SAMPLE_COUNT', '2'), row('SEX', 'Male'),
    ]);
  });

  it('pages by pageSize × pageNumber; pageSize 0 (the default) means no paging', async () => {
    expect(await keys('?pageSize=5&pageNumber=12')).toEqual({ total: 61, keys: [key('P29_Rec')] });
    expect(await keys('?pageSize=5&pageNumber=13')).toEqual({ total: 61, keys: [] });
    const all = await keys('');
    expect(all.total).toBe(61);
    expect(all.keys).toHaveLength(61);
    expect(all.keys.slice(0, 2)).toEqual([key('P01_Pri'), key('P01_Rec')]);
  });

  it('sorts by a NUMBER patient attribute numerically, ties in import order', async () => {
    expect((await keys('?pageSize=10&sortBy=AGE&direction=DESC')).keys).toEqual(
      ['P27_Pri_A', 'P27_Pri_B', 'P27_Rec1_A', 'P27_Rec1_B', 'P29_Pri', 'P29_Rec', 'P18_Pri_A', 'P18_Pri_B', 'P18_Pri_C', 'P18_Pri_D'].map((s) => key(s)));
    // AGE 22 (P04) is the youngest patient.
    expect((await keys('?pageSize=2&sortBy=AGE')).keys).toEqual(['P04_Pri', 'P04_Rec1'].map((s) => key(s)));
    expect((await keys('?sortBy=AGE')).keys.slice(-6)).toEqual(
      ['P29_Pri', 'P29_Rec', 'P27_Pri_A', 'P27_Pri_B', 'P27_Rec1_A', 'P27_Rec1_B'].map((s) => key(s)));
  });

  it('sorts by sample id, and by a STRING sample attribute with missing values last in both directions', async () => {
    expect((await keys('?pageSize=3&sortBy=sampleId&direction=DESC')).keys).toEqual(['P29_Rec', 'P29_Pri', 'P28_Rec'].map((s) => key(s)));
    // NOTE is stored for P02_Pri and P02_Rec only.
    for (const direction of ['ASC', 'DESC']) {
      const page = await keys(`?pageSize=4&sortBy=NOTE&direction=${direction}`);
      expect(page).toEqual({ total: 61, keys: ['P02_Pri', 'P02_Rec', 'P01_Pri', 'P01_Rec'].map((s) => key(s)) });
    }
    // GRADE: II x37, III x11, IV x13.
    expect((await keys('?pageSize=3&sortBy=GRADE&direction=DESC')).keys).toEqual(['P01_Rec', 'P05_Rec', 'P08_Rec'].map((s) => key(s)));
    expect((await keys('?pageSize=2&pageNumber=18&sortBy=GRADE')).keys).toEqual(['P29_Pri', 'P02_Rec'].map((s) => key(s))); // last II, first III
    expect((await keys('?pageSize=2&pageNumber=24&sortBy=GRADE')).keys).toEqual(['P01_Rec', 'P05_Rec'].map((s) => key(s))); // first IV
  });

  it('sorts numerically across studies (OS_MONTHS 5, 24.77, 31.77, 58, missing)', async () => {
    const body = { sampleIdentifiers: [
      { studyId: ES, sampleId: 'TCGA-A2-A04P-01' }, { studyId: LGG, sampleId: 'P01_Pri' }, { studyId: ES, sampleId: 'TCGA-A1-A0SK-01' },
      { studyId: LGG, sampleId: 'P02_Pri' }, { studyId: ES, sampleId: 'TCGA-A2-A0CM-01' },
    ] };
    expect(await keys('?pageSize=10&sortBy=OS_MONTHS', body)).toEqual({ total: 5, keys: [
      key('P02_Pri'), key('TCGA-A2-A0CM-01', ES), key('TCGA-A1-A0SK-01', ES), key('P01_Pri'), key('TCGA-A2-A04P-01', ES),
    ] });
    expect((await keys('?pageSize=10&sortBy=OS_MONTHS&direction=DESC', body)).keys).toEqual([
      key('P01_Pri'), key('TCGA-A1-A0SK-01', ES), key('TCGA-A2-A0CM-01', ES), key('P02_Pri'), key('TCGA-A2-A04P-01', ES),
    ]);
    // An attribute no study defines leaves the import order.
    expect((await keys('?sortBy=NO_SUCH_ATTRIBUTE&direction=DESC', body)).keys).toEqual((await keys('', body)).keys);
  });

  it('searches values and ids as literal, case-sensitive substrings', async () => {
    expect(await keys('?pageSize=8&searchTerm=Oligo')).toEqual({ total: 16, keys:
      ['P02_Pri', 'P08_Pri', 'P11_Pri', 'P11_Rec', 'P13_Pri', 'P13_Rec', 'P15_Pri', 'P15_Rec'].map((s) => key(s)) });
    expect(await keys('?pageSize=8&searchTerm=oligo')).toEqual({ total: 0, keys: [] });
    expect((await keys('?pageSize=100&searchTerm=DECEASED')).total).toBe(31); // a patient value
    expect((await keys('?pageSize=100&searchTerm=_Rec1')).total).toBe(10); // sample ids
    expect((await keys('?pageSize=100&searchTerm=58')).keys).toEqual([key('P01_Pri'), key('P01_Rec')]); // OS_MONTHS of P01
    expect((await keys('?pageSize=100&searchTerm=P_1')).total).toBe(0); // `_` is no wildcard
    expect((await keys('?pageSize=100&searchTerm=%25')).total).toBe(0);
    expect((await keys('?pageSize=100&searchTerm=%20%20')).total).toBe(61); // blank: no search
  });

  it('combines the filter, search and sort; a filter matching nothing gives an empty map and 0', async () => {
    const female = { studyIds: [LGG], clinicalDataFilters: [{ attributeId: 'SEX', values: [{ value: 'Female' }] }] };
    expect(await keys('?pageSize=100&searchTerm=Oligo&sortBy=sampleId&direction=DESC', female)).toEqual({
      total: 5, keys: ['P15_Rec', 'P15_Pri', 'P11_Rec', 'P11_Pri', 'P02_Pri'].map((s) => key(s)),
    });
    const nobody = { studyIds: [LGG], clinicalDataFilters: [{ attributeId: 'SEX', values: [{ value: 'Nobody' }] }] };
    const { status, total, body } = await table('?pageSize=10', nobody);
    expect({ status, total, body }).toEqual({ status: 200, total: '0', body: { byUniqueSampleKey: {} } });
  });

  it('rejects bad parameters and bodies with 400', async () => {
    for (const query of ['?pageSize=-1', '?pageSize=1000001', '?pageNumber=-1', '?direction=asc', '?pageSize=abc']) {
      expect((await table(query, ALL)).status).toBe(400);
    }
    expect((await table('?pageSize=1000000', ALL)).status).toBe(200);
    expect(await table('', {})).toMatchObject({ status: 400, body: { message: 'eitherSampleIdentifiersOrStudyIdsPresent must be true' } });
  });
});
