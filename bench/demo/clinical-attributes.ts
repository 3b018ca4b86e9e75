// The demo study's clinical attributes and the 4+1 header block of clinical files
// (study-format 8.2). MUTATION_COUNT and FRACTION_GENOME_ALTERED are computed at load time and
// banned in input, so they are never written.

export interface ClinicalAttribute {
  id: string;
  name: string;
  description: string;
  datatype: 'STRING' | 'NUMBER' | 'BOOLEAN';
  priority: number;
}

const attr = (id: string, name: string, description: string, datatype: ClinicalAttribute['datatype'], priority = 1): ClinicalAttribute => ({ id, name, description, datatype, priority });

export const PATIENT_ATTRIBUTES: ClinicalAttribute[] = [
  attr('PATIENT_ID', 'Patient Identifier', 'Identifier to uniquely specify a patient.', 'STRING'),
  attr('AGE', 'Diagnosis Age', 'Age at which the disease was first diagnosed.', 'NUMBER'),
  attr('SEX', 'Sex', 'Sex of the patient.', 'STRING'),
  attr('RACE', 'Race Category', 'Self-reported race.', 'STRING'),
  attr('MENOPAUSE_STATUS', 'Menopause Status', 'Menopause status at diagnosis.', 'STRING'),
  attr('AJCC_PATHOLOGIC_TUMOR_STAGE', 'Neoplasm Disease Stage American Joint Committee on Cancer Code', 'AJCC pathologic stage at diagnosis.', 'STRING'),
  attr('OS_STATUS', 'Overall Survival Status', 'Overall patient survival status.', 'STRING'),
  attr('OS_MONTHS', 'Overall Survival (Months)', 'Overall survival in months since initial diagnosis.', 'NUMBER'),
  attr('DFS_STATUS', 'Disease Free Status', 'Disease free status since initial treatment.', 'STRING'),
  attr('DFS_MONTHS', 'Disease Free (Months)', 'Disease free in months since initial treatment.', 'NUMBER'),
  attr('PFS_STATUS', 'Progression Free Status', 'Progression free status since initial treatment.', 'STRING'),
  attr('PFS_MONTHS', 'Progress Free Survival (Months)', 'Progression free survival in months since initial treatment.', 'NUMBER'),
  attr('FAMILY_HISTORY_OF_CANCER', 'Family History of Cancer', 'Whether a first-degree relative had cancer.', 'BOOLEAN'),
  attr('NEOADJUVANT_THERAPY', 'Neoadjuvant Therapy', 'Whether the patient received therapy before surgery.', 'BOOLEAN'),
  attr('BMI', 'Body Mass Index', 'Body mass index at diagnosis (kg/m2).', 'NUMBER'),
];

export const SAMPLE_ATTRIBUTES: ClinicalAttribute[] = [
  attr('PATIENT_ID', 'Patient Identifier', 'Identifier to uniquely specify a patient.', 'STRING'),
  attr('SAMPLE_ID', 'Sample Identifier', 'A unique sample identifier.', 'STRING'),
  attr('SAMPLE_TYPE', 'Sample Type', 'The type of sample (primary, metastasis, recurrence).', 'STRING'),
  attr('CANCER_TYPE', 'Cancer Type', 'Cancer type (OncoTree).', 'STRING'),
  attr('CANCER_TYPE_DETAILED', 'Cancer Type Detailed', 'Detailed cancer type (OncoTree).', 'STRING'),
  attr('ONCOTREE_CODE', 'Oncotree Code', 'OncoTree code of the tumour.', 'STRING'),
  attr('TUMOR_GRADE', 'Tumor Grade', 'Histologic grade (1-3).', 'STRING'),
  attr('ER_STATUS', 'ER Status', 'Estrogen receptor status.', 'STRING'),
  attr('PR_STATUS', 'PR Status', 'Progesterone receptor status.', 'STRING'),
  attr('HER2_STATUS', 'HER2 Status', 'HER2 status (IHC/FISH).', 'STRING'),
  attr('METASTATIC_SITE', 'Metastatic Site', 'Site of the metastasis the sample was taken from.', 'STRING'),
  attr('TMB_NONSYNONYMOUS', 'TMB (nonsynonymous)', 'Somatic non-synonymous mutations per megabase of the platform.', 'NUMBER'),
  attr('TUMOR_PURITY', 'Tumor Purity', 'Estimated tumour cell fraction.', 'NUMBER'),
  attr('SAMPLE_COVERAGE', 'Sample Coverage', 'Mean sequencing depth.', 'NUMBER'),
  attr('SOMATIC_STATUS', 'Somatic Status', 'Whether a matched normal was sequenced.', 'STRING'),
  attr('GENE_PANEL', 'Gene Panel', 'Sequencing platform (gene panel id or WXS).', 'STRING'),
  attr('SPECIMEN_PRESERVATION_TYPE', 'Specimen Preservation Type', 'How the specimen was preserved.', 'STRING'),
  attr('WHOLE_GENOME_DOUBLING', 'Whole Genome Doubling', 'Whether the tumour genome doubled.', 'BOOLEAN'),
];

/** The four `#` lines and the attribute-id line. */
export function clinicalHeader(attributes: readonly ClinicalAttribute[]): string[] {
  return [
    '#' + attributes.map((a) => a.name).join('\t'),
    '#' + attributes.map((a) => a.description).join('\t'),
    '#' + attributes.map((a) => a.datatype).join('\t'),
    '#' + attributes.map((a) => a.priority).join('\t'),
    attributes.map((a) => a.id).join('\t'),
  ];
}
