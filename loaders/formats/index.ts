// Which loader handles each kind of meta file, and in which order (study-format 23).
import type { MetaKind } from '../meta-types.js';
import { loadDiscreteCna } from './cna-discrete.js';
import { loadDiscreteCnaLong } from './cna-long.js';
import type { FormatLoader } from './format-loader.js';
import { loadGeneMatrix } from './gene-matrix.js';
import { loadGenePanelMatrix } from './gene-panel-matrix.js';
import { loadGenericAssay } from './generic-assay.js';
import { loadGistic } from './gistic.js';
import { loadGsva } from './gsva.js';
import { loadMutations } from './maf.js';
import { loadMutSig } from './mutsig.js';
import { loadClinicalPatients } from './clinical.js';
import { loadResources } from './resources.js';
import { loadSegments } from './segment.js';
import { loadStructuralVariants } from './structural-variant.js';
import { loadTimeline } from './timeline.js';

/** Data kinds loaded after the study record and the clinical sample file, in this order. */
export const DATA_LOADERS: readonly (readonly [MetaKind, FormatLoader])[] = [
  ['resource-definition', loadResources],
  ['resource-sample', loadResources],
  ['clinical-patient', loadClinicalPatients],
  ['timeline', loadTimeline],
  ['mutation', loadMutations],
  ['mutation-uncalled', loadMutations],
  ['cna-discrete', loadDiscreteCna],
  ['cna-continuous', loadGeneMatrix],
  ['cna-log2', loadGeneMatrix],
  ['expression', loadGeneMatrix], // Z-score files are ordered after their source (load-study.ts)
  ['methylation', loadGeneMatrix],
  ['protein', loadGeneMatrix],
  ['segment', loadSegments],
  ['gistic', loadGistic],
  ['mutsig', loadMutSig],
  ['generic-assay', loadGenericAssay],
  ['resource-patient', loadResources],
  ['resource-study', loadResources],
  ['structural-variant', loadStructuralVariants],
  ['cna-discrete-long', loadDiscreteCnaLong],
  ['gsva-score', loadGsva],
  ['gsva-pvalue', loadGsva],
  ['gene-panel-matrix', loadGenePanelMatrix],
];

/** Kinds an incremental data directory may hold (study-format 24). */
export const INCREMENTAL_KINDS: ReadonlySet<MetaKind> = new Set<MetaKind>([
  'clinical-patient', 'clinical-sample', 'mutation', 'mutation-uncalled', 'expression', 'cna-discrete',
  'cna-discrete-long', 'cna-continuous', 'cna-log2', 'methylation', 'protein', 'generic-assay',
  'timeline', 'gene-panel-matrix', 'structural-variant', 'segment',
]);
