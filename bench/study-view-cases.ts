// The requests of the Study View benchmark: each endpoint as the cBioPortal front end calls it on
// the demo study, for three cohorts. `request` returns undefined where a cohort does not apply.
// STUDY_VIEW_ENDPOINTS are those a page load or a filter click sends (the concurrency suite's mix);
// ON_DEMAND_STUDY_VIEW_ENDPOINTS those a user's action sends (a custom chart, a survival plot, a
// treatment table's rows). A `fresh` request (a number, unique per request) carries a filter never
// sent before: no cohort or answer the server keeps can serve it, as on a user's every click.
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
  /** `fresh`: the request's filter made new by this number; undefined where the cohort has no filter to vary. */
  request(cohort: Cohort, every: EveryCase, fresh?: number): Omit<Case, 'name'> | undefined;
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

let freshCount = 0;
/** A number no request of this process had: every server the bench starts sees each filter it makes with it once. */
export const nextFresh = (): number => freshCount++;

/**
 * An AGE range made new by `fresh`: its bounds move by whole years in turn (the cohort changes) and by
 * a millionth per request (AGE is whole years, so the samples stay those of the whole-year range).
 */
function ageRange(start: number, end: number, fresh: number): { start: number; end: number } {
  const shift = (fresh % 7) - 3 + fresh * 1e-6;
  return { start: start + shift, end: end + shift };
}

function studyViewFilter(cohort: Cohort, every: EveryCase, fresh?: number): object | undefined {
  if (fresh === undefined) {
    switch (cohort) {
      case 'studyIds': return { studyIds: [STUDY] };
      case 'combined filter': return COMBINED;
      case 'all sampleIdentifiers': return { sampleIdentifiers: every.samples };
    }
  }
  switch (cohort) {
    case 'studyIds': return undefined;
    case 'combined filter':
      return { ...COMBINED, clinicalDataFilters: [COMBINED.clinicalDataFilters[0], { attributeId: 'AGE', values: [ageRange(40, 70, fresh)] }] };
    case 'all sampleIdentifiers': {
      const left = fresh % every.samples.length; // every sample but one, another one each time
      return { sampleIdentifiers: [...every.samples.slice(0, left), ...every.samples.slice(left + 1)] };
    }
  }
}

/** An endpoint whose body is the StudyViewFilter itself, or wraps it with extra fields. */
function post(name: string, path: string, wrap?: (filter: object, every: EveryCase) => object): Endpoint {
  return {
    name,
    request: (cohort, every, fresh) => {
      const filter = studyViewFilter(cohort, every, fresh);
      if (filter === undefined) return undefined;
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
    request: (cohort, every, fresh) => {
      if (cohort === 'combined filter' || (cohort === 'studyIds' && fresh !== undefined)) return undefined;
      const body = cohort === 'studyIds' ? { sampleListId: `${STUDY}_all` } : studyViewFilter(cohort, every, fresh);
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
    request: (cohort, every, fresh) => cohort !== 'all sampleIdentifiers' || fresh !== undefined ? undefined : {
      method: 'POST', path: '/api/survival-data/fetch',
      body: {
        patientIdentifiers: every.patients, attributeIdPrefix: 'TREATED',
        startEventRequestIdentifier: { clinicalEventRequests: [{ eventType: 'SPECIMEN' }], position: 'FIRST' },
        endEventRequestIdentifier: { clinicalEventRequests: [{ eventType: 'TREATMENT' }], position: 'FIRST' },
      },
    },
  },
];

/** The filters of a click: "small" (two detailed cancer types, an AGE range, TP53 mutated), "half" (an AGE range holding about half the samples). */
export type ClickFilter = 'small' | 'half';
export const CLICK_FILTERS: readonly ClickFilter[] = ['small', 'half'];

function clickFilter(kind: ClickFilter, fresh: number) {
  if (kind === 'half') return { studyIds: [STUDY], clinicalDataFilters: [{ attributeId: 'AGE', values: [ageRange(50, 66, fresh)] }] };
  return {
    studyIds: [STUDY],
    clinicalDataFilters: [
      { attributeId: 'CANCER_TYPE_DETAILED', values: [{ value: 'Breast Invasive Lobular Carcinoma' }, { value: 'Breast Mixed Ductal and Lobular Carcinoma' }] },
      { attributeId: 'AGE', values: [ageRange(40, 70, fresh)] },
    ],
    geneFilters: [{ molecularProfileIds: [`${STUDY}_mutations`], geneQueries: [[{ hugoGeneSymbol: 'TP53', entrezGeneId: 7157, alterations: [] }]] }],
  };
}

/**
 * The Study View requests the front end sends after a click on the demo study's charts, in the order its
 * StudyViewPageStore declares them: one count request for the charts the filter leaves alone, one per
 * filtered chart (its counts without its own filter), then the selected samples and the gene, profile,
 * case list, event and treatment charts.
 */
export function pageAfterClick(kind: ClickFilter, fresh: number): Omit<Case, 'name'>[] {
  const filter = clickFilter(kind, fresh);
  const filtered = new Set(filter.clinicalDataFilters.map((f) => f.attributeId));
  const [categorical, numeric] = [CATEGORICAL, NUMERIC].map((attrs) => [attrs.filter((a) => !filtered.has(a.attributeId)), attrs.filter((a) => filtered.has(a.attributeId))]);
  const post = (path: string, body: object): Omit<Case, 'name'> => ({ method: 'POST', path, body });
  const counts = (attributes: readonly object[]) => post('/api/clinical-data-counts/fetch', { attributes, studyViewFilter: filter });
  const bins = (attributes: readonly object[]) => post('/api/clinical-data-bin-counts/fetch?dataBinMethod=STATIC', { attributes, studyViewFilter: filter });
  return [
    counts(categorical[0]),
    bins(numeric[0]),
    ...categorical[1].map((a) => counts([a])),
    ...numeric[1].map((a) => bins([a])),
    ...['filtered-samples', 'mutated-genes', 'structuralvariant-genes', 'structuralvariant-counts', 'cna-genes', 'molecular-profile-sample-counts',
      'sample-lists-counts', 'clinical-event-type-counts', 'treatments/sample-counts', 'treatments/patient-counts'].map((name) => post(`/api/${name}/fetch`, filter)),
  ];
}
