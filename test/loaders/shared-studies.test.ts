// Every study of ../shared/studies loads into one store after the gene reference and the gene
// sets, and each table holds what the files hold. How each number was counted from the files is
// said beside it (awk over the data files; the NA rules of study-format 3.4 for clinical values).
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../engine/sql/db.js';
import { sql } from '../../engine/sql/sql.js';
import type { GeneResolver } from '../../loaders/genes/gene-resolver.js';
import type { LoadSummary } from '../../loaders/load-study.js';
import { countRows, loadTestStudy, openReferenceStore } from '../helpers/store.js';

let store: { db: Db; genes: GeneResolver };
const summaries = new Map<string, LoadSummary>();
const COMPUTED = "AND attr_id NOT IN ('MUTATION_COUNT', 'FRACTION_GENOME_ALTERED', 'SAMPLE_COUNT')";

beforeAll(async () => {
  store = await openReferenceStore();
  // study_es_0 first: genepanel_test_study's older TESTPANEL1/2 files are then not loaded over its panels, in use.
  for (const name of ['study_es_0', 'genepanel_test_study', 'ascn-test-study', 'study_hg38', 'lgg_ucsf_2014_test_generic_assay']) {
    summaries.set(name, await loadTestStudy(store, name));
  }
});

interface Expected {
  studyId: string;
  samples: number;
  patients: number;
  mutations: number;
  cnaEvents: number;
  segments: number;
  structuralVariants: number;
  profiles: number;
  sampleLists: number;
  sampleValues: number;
  patientValues: number;
  genericAssayEntities: number;
}

const EXPECTED: Record<string, Expected> = {
  study_es_0: {
    studyId: 'study_es_0',
    samples: 845, // data_clinical_samples.txt: 846 non-# lines − header
    patients: 841, // distinct PATIENT_ID of the sample file (the patient file names the same 841)
    mutations: 34, // 36 MAF rows − 2 Silent (default filter)
    cnaEvents: 63, // data_cna_discrete.txt (long): rows whose Value is 2, -2 or -1.5 with a known gene
    segments: 9, // data_cna_hg19.seg: 10 lines − header
    structuralVariants: 48, // data_structural_variants.txt rows with SV_Status and at least one known gene
    profiles: 15, // meta files with a stable_id (mutations, SV, gistic, log2CNA, mrna, Z-scores, methylation, GSVA ×2, generic assays ×6)
    sampleLists: 6, // 5 case_lists/ files + generated _all
    sampleValues: 506, // SUBTYPE: 845 cells − 338 'NA' − 1 empty
    patientValues: 3117, // OS/DFS columns: non-empty cells other than 'NA' and '[Not Available]'
    genericAssayEntities: 76, // distinct ENTITY_STABLE_ID (first column, CR removed) over the files of the 6 generic assay meta files
  },
  genepanel_test_study: {
    studyId: 'teststudy_genepanels',
    samples: 5, patients: 1, // one patient, five samples
    mutations: 7, // MAF rows kept by the default filter with known genes
    cnaEvents: 4, // data_cna_discrete.txt: cells equal to 2 or -2
    segments: 5, // 6 lines − header
    structuralVariants: 0, profiles: 2, // mutations, gistic
    sampleLists: 3, // 2 files + _all
    sampleValues: 80, patientValues: 2, genericAssayEntities: 0,
  },
  'ascn-test-study': {
    studyId: 'ascn_test_study',
    samples: 6, patients: 1,
    mutations: 23, // every MAF row (5 TERT 5'Flank rows kept as Promoter)
    cnaEvents: 174, // data_CNA.txt: cells equal to 2 or -2
    segments: 239, // 240 lines − header
    structuralVariants: 0, profiles: 2, // mutations, cna
    sampleLists: 4, // cases_all/cna/cnaseq/sequenced; no add_global_case_list
    sampleValues: 46, patientValues: 1, genericAssayEntities: 0,
  },
  study_hg38: {
    studyId: 'study_hg38',
    samples: 1, patients: 1, mutations: 1, cnaEvents: 0, segments: 0, structuralVariants: 0,
    profiles: 1, sampleLists: 2, // cases_sequenced + _all
    sampleValues: 1, patientValues: 1, genericAssayEntities: 0,
  },
  lgg_ucsf_2014_test_generic_assay: {
    studyId: 'lgg_ucsf_2014_test_generic_assay',
    samples: 61, patients: 23,
    mutations: 10_161, // 15,155 rows − 77 RNA − 48 unknown/ambiguous genes − 4,857 Silent/Intron/UTR/3'Flank − 12 5'Flank (see maf.test.ts)
    cnaEvents: 0, segments: 0, structuralVariants: 0,
    profiles: 15, // mutations + 14 generic assay meta files
    sampleLists: 2, // cases_all, cases_sequenced
    sampleValues: 610, patientValues: 91,
    genericAssayEntities: 437, // distinct ENTITY_STABLE_ID (first column) over the files of the 14 generic assay meta files
  },
};

async function count(table: string, studyId: string, where = ''): Promise<number> {
  return countRows(store.db, table, studyId, where);
}

describe.each(Object.keys(EXPECTED))('%s', (name) => {
  const e = EXPECTED[name];
  it('loads without error and holds what its files hold', async () => {
    expect(summaries.get(name)?.studyId).toBe(e.studyId);
    const entities = await store.db.one<{ n: number }>(sql`SELECT count(DISTINCT entity_key)::INTEGER AS n FROM generic_assay_value
      WHERE study_key = (SELECT study_key FROM cancer_study WHERE study_id = ${e.studyId})`);
    expect({
      studyId: e.studyId,
      samples: await count('sample', e.studyId),
      patients: await count('patient', e.studyId),
      mutations: await count('mutation', e.studyId),
      cnaEvents: await count('cna_event', e.studyId),
      segments: await count('copy_number_seg', e.studyId),
      structuralVariants: await count('structural_variant', e.studyId),
      profiles: await count('molecular_profile', e.studyId),
      sampleLists: await count('sample_list', e.studyId),
      sampleValues: await count('clinical_sample', e.studyId, COMPUTED),
      patientValues: await count('clinical_patient', e.studyId, COMPUTED),
      genericAssayEntities: entities?.n,
    }).toEqual(e);
  });
});

describe('computed clinical data', () => {
  it('counts mutations per profiled sample and the altered genome fraction', async () => {
    // study_hg38: its one MAF row is a somatic missense mutation of its one sample.
    const rows = await store.db.all(sql`SELECT s.sample_id, c.attr_id, c.attr_value FROM clinical_sample c JOIN sample s USING (sample_key)
      WHERE c.study_key = (SELECT study_key FROM cancer_study WHERE study_id = 'study_hg38') AND c.attr_id = 'MUTATION_COUNT'`);
    expect(rows).toEqual([{ sample_id: 'TCGA-A2-A04P-01', attr_id: 'MUTATION_COUNT', attr_value: '1' }]);
    // genepanel_test_study: one FRACTION_GENOME_ALTERED per sample that has segments (5 segments, one per sample).
    expect(await count('clinical_sample', 'teststudy_genepanels', "AND attr_id = 'FRACTION_GENOME_ALTERED'")).toBe(5);
  });

  it('builds the Study View event table: mutations, CNA events, and SV genes', async () => {
    const kinds = await store.db.all(sql`SELECT variant_type, count(*)::INTEGER AS n FROM genomic_event
      WHERE study_key = (SELECT study_key FROM cancer_study WHERE study_id = 'study_es_0') GROUP BY ALL ORDER BY 1`);
    // Mutations and CNA events as above; SV rows: one per distinct known gene of each of the 48 SVs,
    // two SVs of a sample naming one gene included (awk -F'\t' 'NR>1{n+=($3!="")+($11!="" && $11!=$3)}
    // END{print n}' data_structural_variants.txt → 93; every symbol is known).
    expect(kinds).toEqual([{ variant_type: 'cna', n: 63 }, { variant_type: 'mutation', n: 34 }, { variant_type: 'structural_variant', n: 93 }]);
  });
});
