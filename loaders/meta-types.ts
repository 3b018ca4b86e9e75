// What a meta file is, decided by its keys (study-format 4): the (genetic_alteration_type,
// datatype) pair, or the study / cancer type / resource forms.
import { LoadError } from './errors.js';
import type { KeyValueFile } from './text/key-value-file.js';

export type MetaKind =
  | 'study'
  | 'cancer-type'
  | 'clinical-sample'
  | 'clinical-patient'
  | 'timeline'
  | 'mutation'
  | 'mutation-uncalled'
  | 'structural-variant'
  | 'cna-discrete'
  | 'cna-discrete-long'
  | 'cna-continuous'
  | 'cna-log2'
  | 'segment'
  | 'expression'
  | 'methylation'
  | 'protein'
  | 'gsva-score'
  | 'gsva-pvalue'
  | 'generic-assay'
  | 'gene-panel-matrix'
  | 'gistic'
  | 'mutsig'
  | 'resource-definition'
  | 'resource-sample'
  | 'resource-patient'
  | 'resource-study';

const BY_TYPE_AND_DATATYPE: Record<string, MetaKind> = {
  'CANCER_TYPE/CANCER_TYPE': 'cancer-type',
  'CLINICAL/SAMPLE_ATTRIBUTES': 'clinical-sample',
  'CLINICAL/PATIENT_ATTRIBUTES': 'clinical-patient',
  'CLINICAL/TIMELINE': 'timeline',
  'MUTATION_EXTENDED/MAF': 'mutation',
  'MUTATION_UNCALLED/MAF': 'mutation-uncalled',
  'STRUCTURAL_VARIANT/SV': 'structural-variant',
  'COPY_NUMBER_ALTERATION/DISCRETE': 'cna-discrete',
  'COPY_NUMBER_ALTERATION/DISCRETE_LONG': 'cna-discrete-long',
  'COPY_NUMBER_ALTERATION/CONTINUOUS': 'cna-continuous',
  'COPY_NUMBER_ALTERATION/LOG2-VALUE': 'cna-log2',
  'COPY_NUMBER_ALTERATION/SEG': 'segment',
  'MRNA_EXPRESSION/CONTINUOUS': 'expression',
  'MRNA_EXPRESSION/Z-SCORE': 'expression',
  'MRNA_EXPRESSION/DISCRETE': 'expression',
  'METHYLATION/CONTINUOUS': 'methylation',
  'PROTEIN_LEVEL/LOG2-VALUE': 'protein',
  'PROTEIN_LEVEL/Z-SCORE': 'protein',
  'PROTEIN_LEVEL/CONTINUOUS': 'protein',
  'GENESET_SCORE/GSVA-SCORE': 'gsva-score',
  'GENESET_SCORE/P-VALUE': 'gsva-pvalue',
  'GENERIC_ASSAY/LIMIT-VALUE': 'generic-assay',
  'GENERIC_ASSAY/CATEGORICAL': 'generic-assay',
  'GENERIC_ASSAY/BINARY': 'generic-assay',
  'GENE_PANEL_MATRIX/GENE_PANEL_MATRIX': 'gene-panel-matrix',
  'GISTIC_GENES_AMP/Q-VALUE': 'gistic',
  'GISTIC_GENES_DEL/Q-VALUE': 'gistic',
  'MUTSIG/Q-VALUE': 'mutsig',
};

/** Kinds that create a molecular profile. */
export const PROFILE_KINDS: ReadonlySet<MetaKind> = new Set<MetaKind>([
  'mutation', 'mutation-uncalled', 'structural-variant', 'cna-discrete', 'cna-discrete-long',
  'cna-continuous', 'cna-log2', 'expression', 'methylation', 'protein', 'gsva-score', 'gsva-pvalue',
  'generic-assay',
]);

const REQUIRED: Partial<Record<MetaKind, string[]>> = {
  study: ['cancer_study_identifier', 'type_of_cancer', 'name', 'description'],
  'cancer-type': ['data_filename'],
  'clinical-sample': ['cancer_study_identifier', 'data_filename'],
  'clinical-patient': ['cancer_study_identifier', 'data_filename'],
  timeline: ['cancer_study_identifier', 'data_filename'],
  segment: ['cancer_study_identifier', 'reference_genome_id', 'description', 'data_filename'],
  gistic: ['cancer_study_identifier', 'reference_genome_id', 'data_filename'],
  mutsig: ['cancer_study_identifier', 'data_filename'],
  'gene-panel-matrix': ['cancer_study_identifier', 'data_filename'],
  'resource-definition': ['cancer_study_identifier', 'data_filename'],
  'resource-sample': ['cancer_study_identifier', 'data_filename'],
  'resource-patient': ['cancer_study_identifier', 'data_filename'],
  'resource-study': ['cancer_study_identifier', 'data_filename'],
};
const PROFILE_REQUIRED = ['cancer_study_identifier', 'stable_id', 'profile_name', 'profile_description', 'data_filename'];

export function classifyMeta(file: KeyValueFile): MetaKind {
  const v = file.values;
  const gat = v.get('genetic_alteration_type');
  const datatype = v.get('datatype');
  let kind: MetaKind | undefined;
  if (gat !== undefined && datatype !== undefined) {
    kind = BY_TYPE_AND_DATATYPE[`${gat}/${datatype}`];
    if (!kind) {
      const hint = gat === 'FUSION' ? ' (the FUSION format is deprecated: use a STRUCTURAL_VARIANT file)' : '';
      throw new LoadError({ file: file.path }, `unknown genetic_alteration_type/datatype '${gat}/${datatype}'${hint}`);
    }
  } else if (v.has('cancer_study_identifier') && v.has('type_of_cancer')) kind = 'study';
  else if (v.has('type_of_cancer')) kind = 'cancer-type';
  else if (v.has('cancer_study_identifier') && v.has('resource_type')) {
    const type = v.get('resource_type');
    const kinds: Record<string, MetaKind> = {
      DEFINITION: 'resource-definition', SAMPLE: 'resource-sample', PATIENT: 'resource-patient', STUDY: 'resource-study',
    };
    kind = type ? kinds[type] : undefined;
    if (!kind) throw new LoadError({ file: file.path }, `unknown resource_type '${type}'`);
  }
  if (!kind) throw new LoadError({ file: file.path }, 'could not determine the file type (no genetic_alteration_type/datatype)');
  const required = REQUIRED[kind] ?? (PROFILE_KINDS.has(kind) ? PROFILE_REQUIRED : []);
  for (const key of required) {
    if (!v.get(key)) throw new LoadError({ file: file.path }, `missing required key '${key}'`);
  }
  return kind;
}
