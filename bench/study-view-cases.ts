// The requests of the Study View benchmark: each endpoint as the cBioPortal front end calls it on
// the demo study, for three cohorts. `request` returns undefined where a cohort does not apply.
// STUDY_VIEW_ENDPOINTS are those a page load or a filter click sends (the concurrency suite's mix);
// ON_DEMAND_STUDY_VIEW_ENDPOINTS those a user's action sends (a custom chart, a survival plot, a
// treatment table's rows).
import type { Case } from './harness.js';

export type Cohort = 'studyIds' | 'combined filter' | 'all sampleIdentifiers';

interface SampleIdentifier {
  studyId: string;
  sampleId: string;
}

/** Every case of the demo study: the lists that full-list requests name. */
export interface EveryCase {
  samples: readonly SampleIdentifier[];
  patients: readonly { studyId: string; patientId: string }[];
}

export interface Endpoint {
  name: string;
  request(cohort: Cohort, every: EveryCase): Omit<Case, 'name'> | undefined;
}

const STUDY = 'demo_study';

/** A clinical value, an age range and a two-gene mutation filter, as a user clicks them. */
const COMBINED = {
  studyIds: [STUDY],
  clinicalDataFilters: [
    { attributeId: 'SEX', values: [{ value: 'Female' }] },
    { attributeId: 'AGE', values: [{ start: 40, end: 70 }] },
  ],
  geneFilters: [{
    molecularProfileIds: [`${STUDY}_mutations`],
    geneQueries: [[
      { hugoGeneSymbol: 'TP53', entrezGeneId: 7157, alterations: [] },
      { hugoGeneSymbol: 'PIK3CA', entrezGeneId: 5290, alterations: [] },
    ]],
  }],
};

function studyViewFilter(cohort: Cohort, every: EveryCase): object {
  switch (cohort) {
    case 'studyIds': return { studyIds: [STUDY] };
    case 'combined filter': return COMBINED;
    case 'all sampleIdentifiers': return { sampleIdentifiers: every.samples };
  }
}

/** An endpoint whose body is the StudyViewFilter itself, or wraps it with extra fields. */
function post(name: string, path: string, wrap?: (filter: object, every: EveryCase) => object): Endpoint {
  return {
    name,
    request: (cohort, every) => {
      const filter = studyViewFilter(cohort, every);
      return { method: 'POST', path, body: wrap === undefined ? filter : wrap(filter, every) };
    },
  };
}

/** The attributes of the demo study's clinical charts (its 14 categorical ones). */
const CATEGORICAL = [
  'SEX', 'RACE', 'MENOPAUSE_STATUS', 'AJCC_PATHOLOGIC_TUMOR_STAGE', 'OS_STATUS', 'DFS_STATUS', 'SAMPLE_TYPE',
  'CANCER_TYPE', 'CANCER_TYPE_DETAILED', 'ONCOTREE_CODE', 'TUMOR_GRADE', 'ER_STATUS', 'PR_STATUS', 'SOMATIC_STATUS',
].map((attributeId) => ({ attributeId }));
const NUMERIC = ['AGE', 'OS_MONTHS', 'TMB_NONSYNONYMOUS', 'TUMOR_PURITY'].map((attributeId) => ({ attributeId }));

export const STUDY_VIEW_ENDPOINTS: readonly Endpoint[] = [
  post('filtered-samples', '/api/filtered-samples/fetch'),
  post('clinical-data-counts (14 attributes)', '/api/clinical-data-counts/fetch', (f) => ({ attributes: CATEGORICAL, studyViewFilter: f })),
  post('clinical-data-bin-counts (4 attributes)', '/api/clinical-data-bin-counts/fetch?dataBinMethod=STATIC', (f) => ({ attributes: NUMERIC, studyViewFilter: f })),
  post('sample-lists-counts', '/api/sample-lists-counts/fetch'),
  post('molecular-profile-sample-counts', '/api/molecular-profile-sample-counts/fetch'),
  post('mutated-genes', '/api/mutated-genes/fetch'),
  post('cna-genes', '/api/cna-genes/fetch'),
  post('structuralvariant-genes', '/api/structuralvariant-genes/fetch'),
  post('structuralvariant-counts', '/api/structuralvariant-counts/fetch'),
  post('genomic-data-counts (2 genes)', '/api/genomic-data-counts/fetch', (f) => ({
    genomicDataFilters: [{ hugoGeneSymbol: 'ERBB2', profileType: 'gistic' }, { hugoGeneSymbol: 'CDKN2A', profileType: 'gistic' }],
    studyViewFilter: f,
  })),
  post('mutation-data-counts (2 genes)', '/api/mutation-data-counts/fetch', (f) => ({
    genomicDataFilters: [{ hugoGeneSymbol: 'TP53', profileType: 'mutations' }, { hugoGeneSymbol: 'KRAS', profileType: 'mutations' }],
    studyViewFilter: f,
  })),
  post('genomic-data-bin-counts (expression, 2 genes)', '/api/genomic-data-bin-counts/fetch?dataBinMethod=STATIC', (f) => ({
    genomicDataBinFilters: [{ hugoGeneSymbol: 'ERBB2', profileType: 'rna_seq_v2_mrna' }, { hugoGeneSymbol: 'MYC', profileType: 'rna_seq_v2_mrna' }],
    studyViewFilter: f,
  })),
  post('generic-assay-data-bin-counts (IC50, 2 drugs)', '/api/generic-assay-data-bin-counts/fetch?dataBinMethod=STATIC', (f) => ({
    genericAssayDataBinFilters: [{ stableId: 'Alpelisib', profileType: 'treatment_ic50' }, { stableId: 'Olaparib', profileType: 'treatment_ic50' }],
    studyViewFilter: f,
  })),
  post('clinical-event-type-counts', '/api/clinical-event-type-counts/fetch'),
  post('treatments/patient-counts', '/api/treatments/patient-counts/fetch'),
  post('treatments/sample-counts', '/api/treatments/sample-counts/fetch'),
  post('clinical-data-table (first page of 20)', '/api/clinical-data-table/fetch?pageSize=20&pageNumber=0&sortBy=sampleId&direction=ASC'),
  post('clinical-data-violin-plots (CANCER_TYPE_DETAILED x AGE)',
    '/api/clinical-data-violin-plots/fetch?categoricalAttributeId=CANCER_TYPE_DETAILED&numericalAttributeId=AGE'),
  post('clinical-data-density-plot (AGE x TMB)',
    '/api/clinical-data-density-plot/fetch?xAxisAttributeId=AGE&yAxisAttributeId=TMB_NONSYNONYMOUS'),
  {
    name: 'clinical-attributes/counts',
    request: (cohort, every) => {
      if (cohort === 'combined filter') return undefined;
      const body = cohort === 'studyIds' ? { sampleListId: `${STUDY}_all` } : { sampleIdentifiers: every.samples };
      return { method: 'POST', path: '/api/clinical-attributes/counts/fetch', body };
    },
  },
];

export const ON_DEMAND_STUDY_VIEW_ENDPOINTS: readonly Endpoint[] = [
  post('custom-data-counts (every sample in 3 groups)', '/api/custom-data-counts/fetch', (f, every) => ({
    attributes: [{ attributeId: 'group', samples: every.samples.map((s, i) => ({ ...s, value: ['A', 'B', 'C'][i % 3] })) }],
    studyViewFilter: f,
  })),
  post('generic-assay-data-counts (IC50, 1 drug)', '/api/generic-assay-data-counts/fetch', (f) => ({
    genericAssayDataFilters: [{ stableId: 'Alpelisib', profileType: 'treatment_ic50' }],
    studyViewFilter: f,
  })),
  post('treatments/patient (rows)', '/api/treatments/patient?tier=Agent'),
  post('treatments/sample (rows)', '/api/treatments/sample?tier=Agent'),
  {
    // A survival plot of custom events asks for every patient of the study: a full list.
    name: 'survival-data (every patient, SPECIMEN to TREATMENT)',
    request: (cohort, every) => cohort !== 'all sampleIdentifiers' ? undefined : {
      method: 'POST', path: '/api/survival-data/fetch',
      body: {
        patientIdentifiers: every.patients, attributeIdPrefix: 'TREATED',
        startEventRequestIdentifier: { clinicalEventRequests: [{ eventType: 'SPECIMEN' }], position: 'FIRST' },
        endEventRequestIdentifier: { clinicalEventRequests: [{ eventType: 'TREATMENT' }], position: 'FIRST' },
      },
    },
  },
];
