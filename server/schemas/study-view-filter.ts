// TypeBox model of cBioPortal's StudyViewFilter and its sub-objects (study-view.md 3.1).
// Unknown properties are accepted everywhere (the front end sends showNA, displayName, ...);
// cross-field rules live in engine/filter/normalize.ts.
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { nullable, opt } from './nullable.js';

const open = { additionalProperties: true };
const bool = opt(Type.Boolean());
const list = <T extends TSchema>(t: T) => opt(Type.Array(t));

export const DataFilterValueSchema = Type.Object(
  { start: opt(Type.Number()), end: opt(Type.Number()), value: opt(Type.String()) },
  { ...open, $id: 'DataFilterValue', description: 'A value or a (start, end] range' },
);
// A null value object is allowed (2.3 checks the others) and ignored.
const values = list(nullable(DataFilterValueSchema));

const SampleIdentifierSchema = Type.Object({ studyId: Type.String(), sampleId: Type.String() }, { ...open, $id: 'SampleIdentifier' });

const ClinicalDataFilterSchema = Type.Object({
  attributeId: Type.String(), values,
  datatype: opt(Type.String()), displayName: opt(Type.String()),
  samples: list(Type.Object({ studyId: Type.String(), sampleId: Type.String(), value: opt(Type.String()) }, open)),
}, { ...open, $id: 'ClinicalDataFilter' });

const includeFlags = {
  includeDriver: bool, includeVUS: bool, includeUnknownOncogenicity: bool, includeUnknownTier: bool,
  includeGermline: bool, includeSomatic: bool, includeUnknownStatus: bool,
  tiersBooleanMap: opt(Type.Record(Type.String(), Type.Boolean())),
};
const CnaName = Type.Union(['AMP', 'GAIN', 'DIPLOID', 'HETLOSS', 'HOMDEL'].map((a) => Type.Literal(a)));
const GeneFilterQuerySchema = Type.Union([
  // The reference's pattern (a string it cannot parse fails the body), with any symbol without
  // spaces or colons where it takes word characters only.
  Type.String({ description: 'BRAF or CDKN2A:HOMDEL', pattern: '^\\s*[^\\s:]+\\s*(?::(?:\\s*(?:AMP|GAIN|DIPLOID|HETLOSS|HOMDEL)\\b)+)?\\s*$' }),
  Type.Object({ hugoGeneSymbol: opt(Type.String()), entrezGeneId: opt(Type.Integer()), alterations: list(CnaName), ...includeFlags }, { ...open, $id: 'GeneFilterQuery' }),
]);
const GeneFilterSchema = Type.Object({
  molecularProfileIds: list(Type.String()), geneQueries: list(Type.Array(GeneFilterQuerySchema)),
}, { ...open, $id: 'GeneFilter' });

const SvGeneQuery = Type.Object({
  hugoSymbol: opt(Type.String()), entrezId: opt(Type.Integer()),
  specialValue: opt(Type.Union([Type.Literal('ANY_GENE'), Type.Literal('NO_GENE')])),
}, { ...open, $id: 'StructuralVariantGeneSubQuery' });
const StructuralVariantFilterSchema = Type.Object({
  molecularProfileIds: list(Type.String()),
  structVarQueries: list(Type.Array(Type.Object({ gene1Query: opt(SvGeneQuery), gene2Query: opt(SvGeneQuery), ...includeFlags }, { ...open, $id: 'StructuralVariantFilterQuery' }))),
}, { ...open, $id: 'StudyViewStructuralVariantFilter' });

const MutationDataFilterSchema = Type.Object({
  hugoGeneSymbol: Type.String(), profileType: opt(Type.String()),
  categorization: Type.Union([Type.Literal('MUTATED'), Type.Literal('MUTATION_TYPE')]),
  values: list(Type.Array(DataFilterValueSchema)),
}, { ...open, $id: 'MutationDataFilter' });
const GenomicDataFilterSchema = Type.Object({ hugoGeneSymbol: Type.String(), profileType: Type.String(), values }, { ...open, $id: 'GenomicDataFilter' });
const GenericAssayDataFilterSchema = Type.Object({ stableId: Type.String(), profileType: Type.String(), values }, { ...open, $id: 'GenericAssayDataFilter' });
const GenericAssaySelectionFilterSchema = Type.Object({
  profileType: Type.String(), patientLevel: opt(Type.Boolean()),
  values: list(Type.Array(Type.Object({ stableId: Type.String(), value: Type.String() }, open))),
}, { ...open, $id: 'GenericAssaySelectionFilter' });
const DataFilterSchema = Type.Object({ values }, { ...open, $id: 'DataFilter' });

/** Anded{Sample,Patient}TreatmentFilters: a list of Ored… lists of {Sample,Patient}TreatmentFilter. */
const anded = <T extends TSchema>(item: T, kind: 'Sample' | 'Patient') =>
  opt(Type.Object({ filters: list(Type.Object({ filters: list(item) }, { ...open, $id: `Ored${kind}TreatmentFilters` })) }, { ...open, $id: `Anded${kind}TreatmentFilters` }));
const SampleTreatment = Type.Object({ treatment: Type.String(), time: Type.Union([Type.Literal('Pre'), Type.Literal('Post')]) }, { ...open, $id: 'SampleTreatmentFilter' });
const PatientTreatment = Type.Object({ treatment: Type.String() }, { ...open, $id: 'PatientTreatmentFilter' });

const NamespaceDataFilterSchema = Type.Object({
  outerKey: Type.String(), innerKey: Type.String(), values: list(Type.Array(DataFilterValueSchema)),
}, { ...open, $id: 'NamespaceDataFilter' });

/** §3.15 (reused by the gene-table endpoints): does not restrict samples; the gene tables read it (engine/filter/alteration-filter.ts). */
export const AlterationFilterSchema = Type.Object({
  mutationEventTypes: opt(Type.Record(Type.String(), Type.Boolean())),
  copyNumberAlterationEventTypes: opt(Type.Record(Type.String(), Type.Boolean())),
  structuralVariants: bool,
  ...includeFlags,
}, { ...open, $id: 'AlterationFilter' });

export const StudyViewFilterSchema = Type.Object({
  studyIds: list(Type.String()),
  sampleIdentifiers: list(SampleIdentifierSchema),
  clinicalDataFilters: list(ClinicalDataFilterSchema),
  customDataFilters: list(ClinicalDataFilterSchema),
  geneFilters: list(GeneFilterSchema),
  structuralVariantFilters: list(StructuralVariantFilterSchema),
  mutationDataFilters: list(MutationDataFilterSchema),
  genomicDataFilters: list(GenomicDataFilterSchema),
  genericAssayDataFilters: list(GenericAssayDataFilterSchema),
  genericAssaySelectionFilters: list(GenericAssaySelectionFilterSchema),
  genomicProfiles: list(Type.Array(Type.String())),
  caseLists: list(Type.Array(Type.String())),
  clinicalEventFilters: list(DataFilterSchema),
  sampleTreatmentFilters: anded(SampleTreatment, 'Sample'),
  sampleTreatmentGroupFilters: anded(SampleTreatment, 'Sample'),
  sampleTreatmentTargetFilters: anded(SampleTreatment, 'Sample'),
  patientTreatmentFilters: anded(PatientTreatment, 'Patient'),
  patientTreatmentGroupFilters: anded(PatientTreatment, 'Patient'),
  patientTreatmentTargetFilters: anded(PatientTreatment, 'Patient'),
  namespaceDataFilters: list(NamespaceDataFilterSchema),
  alterationFilter: opt(AlterationFilterSchema),
}, { ...open, $id: 'StudyViewFilter' });
export type StudyViewFilterBody = Static<typeof StudyViewFilterSchema>;
