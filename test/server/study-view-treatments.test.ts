// Study View treatments (study-view.md 4.18).
// Expected values worked out with python (/tmp script, semantics of the reference's SQL) from
// ../shared/studies/lgg_ucsf_2014_test_generic_assay: treatments = data_timeline_treatment.txt rows
// with a non-empty AGENT (20 rows, 12 patients, 10 of them with an AGENT: XRT rows have none);
// sample time = min START_DATE of data_timeline_specimen.txt rows per (PATIENT_ID, SAMPLE_ID);
// Pre = sample time <= the patient's first start of the treatment. The specimen file records
// P26_Pri_B (a sample of P26 in data_clinical_sample.txt) under P24: the reference (both engines)
// pairs it with P24's treatments, as the event's patient, which the rows below show.
// study_es_0 has no timeline file; AGENT_CLASS / AGENT_TARGET occur in no study.
import { brotliDecompressSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp } from '../helpers/app.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await openTestApp();
});
afterAll(() => app.close());

const post = async (url: string, payload: unknown) => {
  const res = await app.inject({ method: 'POST', url: `/api${url}`, payload: payload as object });
  return { status: res.statusCode, body: res.json() };
};
const LGG = 'lgg_ucsf_2014_test_generic_assay';
const ALL = { studyIds: [LGG] };
const FEMALE = { studyIds: [LGG], clinicalDataFilters: [{ attributeId: 'SEX', values: [{ value: 'Female' }] }] };
const NOBODY = { studyIds: [LGG], clinicalDataFilters: [{ attributeId: 'SEX', values: [{ value: 'Nobody' }] }] };
const ONLY_P26_PRI_B = { sampleIdentifiers: [{ studyId: LGG, sampleId: 'P26_Pri_B' }] };

/** ClinicalEventSample list from "sample/patient/time" strings. */
const timed = (...xs: string[]) => xs.map((x) => {
  const [sampleId, patientId, t] = x.split('/');
  return { sampleId, patientId, studyId: LGG, timeTaken: Number(t) };
});
const shallow = (...ids: string[]) => ids.map((sampleId) => ({ sampleId, patientId: sampleId.slice(0, 3), studyId: LGG }));
const names = (samples: { sampleId: string }[]) => samples.map((s) => s.sampleId);

const TMZ_PRE = timed('P01_Pri/P01/124', 'P04_Pri/P04/0', 'P04_Rec1/P04/461', 'P05_Pri/P05/0', 'P10_Pri/P10/0', 'P11_Pri/P11/0',
  'P17_Pri_A/P17/311', 'P17_Pri_B/P17/311', 'P17_Pri_C/P17/311', 'P18_Pri_A/P18/0', 'P18_Pri_B/P18/0', 'P18_Pri_C/P18/0',
  'P18_Pri_D/P18/0', 'P21_Pri/P21/0', 'P24_Pri/P24/0', 'P24_Rec1/P24/2630', 'P26_Pri_B/P24/0');
const TMZ_POST = timed('P01_Rec/P01/1063', 'P04_Rec2/P04/1075', 'P04_Rec3/P04/1343', 'P05_Rec/P05/1687', 'P06_Pri/P06/574',
  'P06_Rec/P06/1545', 'P10_Rec/P10/758', 'P11_Rec/P11/3954', 'P17_Rec1_A/P17/1214', 'P17_Rec1_B/P17/1214', 'P17_Rec1_C/P17/1214',
  'P17_Rec1_D/P17/1214', 'P18_Rec/P18/2829', 'P21_Rec/P21/628', 'P24_Rec2/P24/3045');
const P01_PRI = timed('P01_Pri/P01/124');
const P01_REC = timed('P01_Rec/P01/1063');
const WHOLE_STUDY_ROWS = [
  { time: 'Pre', treatment: 'CCNU + thalidomide', count: 2, samples: [...P01_PRI, ...P01_REC] },
  { time: 'Pre', treatment: 'TMZ', count: 17, samples: TMZ_PRE },
  { time: 'Post', treatment: 'TMZ', count: 15, samples: TMZ_POST },
  { time: 'Pre', treatment: 'TMZ + accutane', count: 1, samples: P01_PRI },
  { time: 'Post', treatment: 'TMZ + accutane', count: 1, samples: P01_REC },
  { time: 'Pre', treatment: 'TMZ + thalidomide', count: 1, samples: P01_PRI },
  { time: 'Post', treatment: 'TMZ + thalidomide', count: 1, samples: P01_REC },
];

describe('POST /api/treatments/patient-counts/fetch', () => {
  it('counts distinct patients per AGENT over the whole study, by count desc then name', async () => {
    const { status, body } = await post('/treatments/patient-counts/fetch', ALL);
    expect(status).toBe(200);
    expect(body).toEqual({
      totalPatients: 10, totalSamples: 0,
      patientTreatments: [
        { treatment: 'TMZ', count: 10 }, { treatment: 'CCNU + thalidomide', count: 1 },
        { treatment: 'TMZ + accutane', count: 1 }, { treatment: 'TMZ + thalidomide', count: 1 },
      ],
    });
  });

  it('restricts to the filtered patients; ignores tier; empty for no match or no timeline', async () => {
    expect((await post('/treatments/patient-counts/fetch?tier=AgentClass', FEMALE)).body)
      .toEqual({ totalPatients: 3, totalSamples: 0, patientTreatments: [{ treatment: 'TMZ', count: 3 }] });
    const combined = await post('/treatments/patient-counts/fetch', { ...FEMALE, patientTreatmentFilters: { filters: [{ filters: [{ treatment: 'TMZ' }] }] } });
    expect(combined.body).toEqual({ totalPatients: 3, totalSamples: 0, patientTreatments: [{ treatment: 'TMZ', count: 3 }] });
    const empty = { totalPatients: 0, totalSamples: 0, patientTreatments: [] };
    expect((await post('/treatments/patient-counts/fetch', NOBODY)).body).toEqual(empty);
    expect((await post('/treatments/patient-counts/fetch', { studyIds: ['study_es_0'] })).body).toEqual(empty);
    expect((await post('/treatments/patient-counts/fetch', ONLY_P26_PRI_B)).body).toEqual(empty);
  });
});

describe('POST /api/treatments/sample-counts/fetch', () => {
  it('SUMMARY: Pre/Post rows with empty samples; totalSamples = distinct sample ids of treated patients', async () => {
    const { status, body } = await post('/treatments/sample-counts/fetch', ALL);
    expect(status).toBe(200);
    expect(body).toEqual({ totalSamples: 32, treatments: WHOLE_STUDY_ROWS.map((r) => ({ ...r, samples: [] })) });
  });

  it('DETAILED fills the samples with timeTaken', async () => {
    const { body } = await post('/treatments/sample-counts/fetch?projection=DETAILED', ALL);
    expect(body).toEqual({ totalSamples: 32, treatments: WHOLE_STUDY_ROWS });
  });

  it('pairs P26_Pri_B with its event patient P24 even when P24 is not filtered (column store)', async () => {
    // SEX = Female: P05, P10, P11 (TMZ) and P26; P26_Pri_B meets P24's TMZ (start 2650) at day 0.
    const { body } = await post('/treatments/sample-counts/fetch?projection=DETAILED', FEMALE);
    expect(body.totalSamples).toBe(6);
    expect(body.treatments.map((r: { time: string; count: number; samples: { sampleId: string }[] }) => [r.time, r.count, names(r.samples)])).toEqual([
      ['Pre', 4, ['P05_Pri', 'P10_Pri', 'P11_Pri', 'P26_Pri_B']],
      ['Post', 3, ['P05_Rec', 'P10_Rec', 'P11_Rec']],
    ]);
    expect((await post('/treatments/sample-counts/fetch?projection=DETAILED', ONLY_P26_PRI_B)).body)
      .toEqual({ totalSamples: 0, treatments: [{ time: 'Pre', treatment: 'TMZ', count: 1, samples: timed('P26_Pri_B/P24/0') }] });
  });

  it('combines with a treatment filter; no match gives an empty report', async () => {
    // patientTreatmentFilters TMZ AND SEX = Female: P05, P10, P11 and their 6 samples.
    const { body } = await post('/treatments/sample-counts/fetch', { ...FEMALE, patientTreatmentFilters: { filters: [{ filters: [{ treatment: 'TMZ' }] }] } });
    expect(body).toEqual({ totalSamples: 6, treatments: [
      { time: 'Pre', treatment: 'TMZ', count: 3, samples: [] }, { time: 'Post', treatment: 'TMZ', count: 3, samples: [] },
    ] });
    expect((await post('/treatments/sample-counts/fetch', NOBODY)).body).toEqual({ totalSamples: 0, treatments: [] });
  });
});

describe('POST /api/treatments/sample (Legacy rows)', () => {
  it('whole study: the rows of sample-counts DETAILED, tier Agent by default', async () => {
    const { status, body } = await post('/treatments/sample', ALL);
    expect(status).toBe(200);
    expect(body).toEqual(WHOLE_STUDY_ROWS);
    expect((await post('/treatments/sample?tier=Agent', ALL)).body).toEqual(WHOLE_STUDY_ROWS);
  });

  it('takes only treatments of filtered patients (P26_Pri_B without P24 meets none)', async () => {
    const { body } = await post('/treatments/sample', FEMALE);
    expect(body).toEqual([
      { time: 'Pre', treatment: 'TMZ', count: 3, samples: timed('P05_Pri/P05/0', 'P10_Pri/P10/0', 'P11_Pri/P11/0') },
      { time: 'Post', treatment: 'TMZ', count: 3, samples: timed('P05_Rec/P05/1687', 'P10_Rec/P10/758', 'P11_Rec/P11/3954') },
    ]);
    expect((await post('/treatments/sample', ONLY_P26_PRI_B)).body).toEqual([]);
    expect((await post('/treatments/sample', NOBODY)).body).toEqual([]);
  });

  it('other tiers: no AGENT_CLASS / AGENT_TARGET data', async () => {
    expect((await post('/treatments/sample?tier=AgentClass', ALL)).body).toEqual([]);
    expect((await post('/treatments/sample?tier=AgentTarget', ALL)).body).toEqual([]);
  });
});

describe('POST /api/treatments/patient (Legacy rows)', () => {
  it('per treatment: distinct patients and all their filtered samples, without timeTaken', async () => {
    const { status, body } = await post('/treatments/patient', ALL);
    expect(status).toBe(200);
    expect(body).toEqual([
      { treatment: 'CCNU + thalidomide', count: 1, samples: shallow('P01_Pri', 'P01_Rec') },
      { treatment: 'TMZ', count: 10, samples: shallow('P01_Pri', 'P01_Rec', 'P04_Pri', 'P04_Rec1', 'P04_Rec2', 'P04_Rec3', 'P05_Pri',
        'P05_Rec', 'P06_Pri', 'P06_Rec', 'P10_Pri', 'P10_Rec', 'P11_Pri', 'P11_Rec', 'P17_Pri_A', 'P17_Pri_B', 'P17_Pri_C',
        'P17_Rec1_A', 'P17_Rec1_B', 'P17_Rec1_C', 'P17_Rec1_D', 'P18_Pri_A', 'P18_Pri_B', 'P18_Pri_C', 'P18_Pri_D', 'P18_Rec',
        'P21_Pri', 'P21_Rec', 'P24_Pri', 'P24_Rec1', 'P24_Rec2') },
      { treatment: 'TMZ + accutane', count: 1, samples: shallow('P01_Pri', 'P01_Rec') },
      { treatment: 'TMZ + thalidomide', count: 1, samples: shallow('P01_Pri', 'P01_Rec') },
    ]);
  });

  it('filtered, only some samples of a patient, no match, other tiers', async () => {
    expect((await post('/treatments/patient', FEMALE)).body).toEqual([
      { treatment: 'TMZ', count: 3, samples: shallow('P05_Pri', 'P05_Rec', 'P10_Pri', 'P10_Rec', 'P11_Pri', 'P11_Rec') },
    ]);
    const twoSamples = { sampleIdentifiers: [{ studyId: LGG, sampleId: 'P04_Rec2' }, { studyId: LGG, sampleId: 'P02_Pri' }] };
    expect((await post('/treatments/patient', twoSamples)).body).toEqual([{ treatment: 'TMZ', count: 1, samples: shallow('P04_Rec2') }]);
    expect((await post('/treatments/patient', NOBODY)).body).toEqual([]);
    expect((await post('/treatments/patient?tier=AgentTarget', ALL)).body).toEqual([]);
  });
});

describe('treatment rows kept compressed', () => {
  it('are sent again only for the same endpoint, tier and cohort', async () => {
    for (let round = 0; round < 2; round++) {
      for (const path of ['/treatments/patient', '/treatments/sample']) {
        for (const query of ['', '?tier=AgentClass']) {
          for (const body of [ALL, FEMALE]) {
            const url = `/api${path}${query}`;
            const brotli = await app.inject({ method: 'POST', url, payload: body, headers: { 'accept-encoding': 'br' } });
            expect(brotli.headers['content-encoding']).toBe('br');
            expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString())).toEqual((await post(`${path}${query}`, body)).body);
          }
        }
      }
    }
  });
});

describe('POST /api/treatments/display-patient and display-sample', () => {
  it('true only for studies with treatments of the tier (and, for samples, acquisition events)', async () => {
    const flag = async (path: string, ids: string[]) => (await post(path, ids)).body;
    expect(await flag('/treatments/display-patient', [LGG])).toBe(true);
    expect(await flag('/treatments/display-patient', ['study_es_0', LGG, LGG])).toBe(true);
    expect(await flag('/treatments/display-patient', ['study_es_0'])).toBe(false);
    expect(await flag('/treatments/display-patient', ['no_such_study'])).toBe(false);
    expect(await flag('/treatments/display-patient?tier=AgentClass', [LGG])).toBe(false);
    expect(await flag('/treatments/display-sample', [LGG])).toBe(true);
    expect(await flag('/treatments/display-sample', ['study_es_0'])).toBe(false);
    expect(await flag('/treatments/display-sample?tier=AgentTarget', [LGG])).toBe(false);
  });
});

describe('bad input', () => {
  it('answers 400', async () => {
    expect((await post('/treatments/display-patient', [])).status).toBe(400);
    expect((await post('/treatments/display-sample', { studyIds: [LGG] })).status).toBe(400);
    expect((await post('/treatments/display-patient?tier=agent', [LGG])).status).toBe(400);
    expect((await post('/treatments/sample?tier=Drug', ALL)).status).toBe(400);
    expect((await post('/treatments/sample-counts/fetch?projection=detailed', ALL)).status).toBe(400);
    const neither = await post('/treatments/patient', {});
    expect(neither).toEqual({ status: 400, body: { message: 'eitherSampleIdentifiersOrStudyIdsPresent must be true' } });
  });
});
