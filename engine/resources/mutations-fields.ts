// The Mutation fields per projection (api.md 14.2) as SQL over a mutation row `m` joined to its
// sample `sa`, patient `pa`, study `st` and profile `p`: as row columns, or as one JSON text per row.
import { objectText } from '../sql/joined-json.js';
import { join, raw, sql, type Fragment } from '../sql/sql.js';

export type MutationProjection = 'ID' | 'SUMMARY' | 'DETAILED';

/** Unknown read counts are NULL in the store and -1 on the wire (the reference importer's value). */
export const readCount = (column: string) => sql`coalesce(m.${raw(column)}, -1)`;

/**
 * The fields of a projection in MutationSchema's order (api.md 14.2), named as the API spells them:
 * one list serves both the row answer and the JSON text DuckDB writes for a streamed answer.
 * namespaceColumns is apart: it is raw JSON, nulls inside included.
 */
type Field = readonly [name: string, expr: Fragment];

const ID_FIELDS: readonly Field[] = [
  ['uniqueSampleKey', sql`unique_key(sa.sample_id, st.study_id)`], ['uniquePatientKey', sql`unique_key(pa.patient_id, st.study_id)`],
  ['molecularProfileId', sql`p.stable_id`], ['sampleId', sql`sa.sample_id`], ['patientId', sql`pa.patient_id`],
  ['entrezGeneId', sql`m.entrez_gene_id`], ['studyId', sql`st.study_id`],
];

const SUMMARY_FIELDS: readonly Field[] = [
  ['center', sql`m.center`], ['mutationStatus', sql`m.mutation_status`], ['validationStatus', sql`m.validation_status`],
  ['tumorAltCount', readCount('tumor_alt_count')], ['tumorRefCount', readCount('tumor_ref_count')],
  ['normalAltCount', readCount('normal_alt_count')], ['normalRefCount', readCount('normal_ref_count')],
  ['aminoAcidChange', sql`m.amino_acid_change`], ['chr', sql`m.chr`], ['startPosition', sql`m.start_position`], ['endPosition', sql`m.end_position`],
  ['referenceAllele', sql`m.reference_allele`], ['variantAllele', sql`m.tumor_seq_allele`], ['proteinChange', sql`m.protein_change`],
  ['mutationType', sql`m.mutation_type`], ['ncbiBuild', sql`m.ncbi_build`], ['variantType', sql`m.variant_type`],
  ['refseqMrnaId', sql`m.refseq_mrna_id`], ['proteinPosStart', sql`m.protein_pos_start`], ['proteinPosEnd', sql`m.protein_pos_end`],
  ['keyword', sql`m.keyword`], ['driverFilter', sql`m.driver_filter`], ['driverFilterAnnotation', sql`m.driver_filter_annotation`],
  ['driverTiersFilter', sql`m.driver_tiers_filter`], ['driverTiersFilterAnnotation', sql`m.driver_tiers_filter_annotation`],
];

const ASCN_COLUMNS = [
  ['ascnIntegerCopyNumber', 'ascn_integer_copy_number'], ['ascnMethod', 'ascn_method'], ['ccfExpectedCopiesUpper', 'ccf_expected_copies_upper'],
  ['ccfExpectedCopies', 'ccf_expected_copies'], ['clonal', 'clonal'], ['minorCopyNumber', 'minor_copy_number'],
  ['expectedAltCopies', 'expected_alt_copies'], ['totalCopyNumber', 'total_copy_number'],
] as const;
const DOUBLE_COLUMNS = new Set(['ccf_expected_copies_upper', 'ccf_expected_copies']);

const ascnSet = ASCN_COLUMNS.map(([, column]) => sql`m.${raw(column)} IS NOT NULL`).reduce((a, b) => sql`${a} OR ${b}`);

/** gene, and alleleSpecificCopyNumber when some ASCN value is set, as STRUCT values of the row answer. */
function detailedFields(): readonly Field[] {
  return [
    ['gene', sql`(SELECT {'entrezGeneId': g.entrez_gene_id, 'hugoGeneSymbol': g.hugo_gene_symbol, 'type': g.type} FROM gene g WHERE g.entrez_gene_id = m.entrez_gene_id)`],
    ['alleleSpecificCopyNumber', sql`CASE WHEN ${ascnSet} THEN ${struct(ASCN_COLUMNS.map(([name, column]) => [name, sql`m.${raw(column)}`]))} END`],
  ];
}

/**
 * The same two as JSON texts, for the streamed answer. A whole double is written as an integer,
 * as JavaScript writes it (DuckDB would write 1.0).
 */
function detailedJsonFields(): readonly Field[] {
  const value = (column: string) => (DOUBLE_COLUMNS.has(column)
    ? sql`CASE WHEN m.${raw(column)} = trunc(m.${raw(column)}) THEN m.${raw(column)}::BIGINT::VARCHAR ELSE to_json(m.${raw(column)}) END`
    : sql`to_json(m.${raw(column)})`);
  const gene = objectText([['entrezGeneId', sql`to_json(g.entrez_gene_id)`], ['hugoGeneSymbol', sql`to_json(g.hugo_gene_symbol)`], ['type', sql`to_json(g.type)`]]);
  return [
    ['gene', sql`(SELECT ${gene} FROM gene g WHERE g.entrez_gene_id = m.entrez_gene_id)`],
    ['alleleSpecificCopyNumber', sql`CASE WHEN ${ascnSet} THEN ${objectText(ASCN_COLUMNS.map(([name, column]) => [name, value(column)]))} END`],
  ];
}

/** A STRUCT literal of fields (names are our constants). */
function struct(fields: readonly Field[]): Fragment {
  return sql`{${join(fields.map(([name, expr]) => sql`${raw(`'${name}'`)}: ${expr}`))}}`;
}

const NAMESPACE = sql`m.namespace_columns::VARCHAR`;

/** Row columns of a projection, aliased with the API names (the row mapper leaves those as they are). */
export function columns(projection: MutationProjection): Fragment {
  const fields = projection === 'ID' ? ID_FIELDS
    : projection === 'SUMMARY' ? [...ID_FIELDS, ...SUMMARY_FIELDS] : [...ID_FIELDS, ...SUMMARY_FIELDS, ...detailedFields()];
  const list = join(fields.map(([name, expr]) => sql`${expr} AS ${raw(`"${name}"`)}`));
  return projection === 'ID' ? list : sql`${list}, ${NAMESPACE} AS namespace_columns`;
}

/**
 * One JSON text per row, written by DuckDB (converting rows to JS objects costs ~20 s per
 * million rows). Each member is written on its own and joined, nulls left out at every depth
 * (engine/sql/joined-json.ts objectText): 2.5 times as fast as json_merge_patch over to_json of the row's STRUCT, which
 * parses what it wrote. namespaceColumns is spliced in verbatim after the SUMMARY fields.
 */
export function jsonColumn(projection: MutationProjection): Fragment {
  const members = (fields: readonly Field[]): Field[] => fields.map(([name, expr]) => [name, sql`to_json(${expr})`]);
  if (projection === 'ID') return sql`${objectText(members(ID_FIELDS))} AS json`;
  const summary: Field[] = [...members([...ID_FIELDS, ...SUMMARY_FIELDS]), ['namespaceColumns', NAMESPACE]];
  return sql`${objectText(projection === 'SUMMARY' ? summary : [...summary, ...detailedJsonFields()])} AS json`;
}
