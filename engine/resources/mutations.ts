// Mutations of one profile (by sample list or sample ids) or of several profiles (by ids or
// (profile, sample) pairs), as cBioPortal's MutationMapper answers them (api.md 14.1, 14.2).
// Large answers are streamed (`streamMutations`); `fetchMutations` is the same query, whole.
import type { ArrowRows } from '../sql/arrow-chunks.js';
import { toApiObject, type ReadOnlyDb, type Row } from '../sql/db.js';
import { raw, sql, type Fragment, whitelisted } from '../sql/sql.js';
import { columns, jsonColumn, readCount, type MutationProjection } from './mutations-fields.js';

export type MutationSelection =
  /** One profile (already checked); members of a sample list, or sample ids of the profile's study. */
  | { kind: 'profile'; profileKey: number; studyKey: number; sampleListId?: string; sampleIds?: readonly string[]; entrezGeneIds?: readonly number[] }
  /** Every mutation of these profiles. */
  | { kind: 'profiles'; molecularProfileIds: readonly string[]; entrezGeneIds?: readonly number[] }
  /** Mutations of these (profile, sample) pairs; the two lists run in parallel. */
  | { kind: 'identifiers'; molecularProfileIds: readonly string[]; sampleIds: readonly string[]; entrezGeneIds?: readonly number[] };

/** sortBy → SQL expression (a whitelist: only these reach ORDER BY). */
export const MUTATION_SORT_COLUMNS = {
  entrezGeneId: sql`m.entrez_gene_id`, center: sql`m.center`, mutationStatus: sql`m.mutation_status`,
  validationStatus: sql`m.validation_status`, tumorAltCount: readCount('tumor_alt_count'), tumorRefCount: readCount('tumor_ref_count'),
  normalAltCount: readCount('normal_alt_count'), normalRefCount: readCount('normal_ref_count'), aminoAcidChange: sql`m.amino_acid_change`,
  startPosition: sql`m.start_position`, endPosition: sql`m.end_position`, referenceAllele: sql`m.reference_allele`,
  variantAllele: sql`m.tumor_seq_allele`, proteinChange: sql`m.protein_change`, mutationType: sql`m.mutation_type`,
  ncbiBuild: sql`m.ncbi_build`, variantType: sql`m.variant_type`, refseqMrnaId: sql`m.refseq_mrna_id`,
  proteinPosStart: sql`m.protein_pos_start`, proteinPosEnd: sql`m.protein_pos_end`, keyword: sql`m.keyword`,
} as const;
export type MutationSortBy = keyof typeof MUTATION_SORT_COLUMNS;

export interface MutationQuery {
  projection: MutationProjection;
  sortBy?: MutationSortBy;
  direction?: 'ASC' | 'DESC';
  limit?: number;
  offset?: number;
}

/** Joins giving the ids of a mutation row (m). */
const JOINS = sql`JOIN sample sa ON sa.sample_key = m.sample_key
  JOIN patient pa ON pa.patient_key = sa.patient_key
  JOIN cancer_study st ON st.study_key = m.study_key
  JOIN molecular_profile p ON p.profile_key = m.profile_key`;

const genesOf = (ids: readonly number[] | undefined) =>
  ids === undefined ? sql`` : sql`AND m.entrez_gene_id IN (SELECT unnest(${ids}::INTEGER[]))`;

/**
 * FROM and WHERE of a selection, and whether its default order has proteinChange as a fourth
 * key (the reference's mapper adds it for sample-id and multi-profile selections only).
 */
function plan(s: MutationSelection): { from: Fragment; where: Fragment; byProteinChange: boolean } {
  switch (s.kind) {
    case 'profile': {
      const samples = s.sampleIds !== undefined
        ? sql`SELECT sample_key FROM sample WHERE study_key = ${s.studyKey} AND sample_id IN (SELECT unnest(${s.sampleIds}::VARCHAR[]))`
        : sql`SELECT lm.sample_key FROM sample_list l JOIN sample_list_member lm USING (list_key) WHERE l.stable_id = ${s.sampleListId ?? ''}`;
      return {
        from: sql`mutation m`,
        where: sql`m.profile_key = ${s.profileKey} AND m.sample_key IN (${samples}) ${genesOf(s.entrezGeneIds)}`,
        byProteinChange: s.sampleIds !== undefined,
      };
    }
    case 'profiles':
      return {
        from: sql`mutation m`,
        where: sql`m.profile_key IN (SELECT profile_key FROM molecular_profile WHERE stable_id IN (SELECT unnest(${s.molecularProfileIds}::VARCHAR[])))
          ${genesOf(s.entrezGeneIds)}`,
        byProteinChange: true,
      };
    case 'identifiers': {
      // DISTINCT: a repeated pair must not repeat its mutations.
      const pairs = sql`(SELECT DISTINCT mp.profile_key, x.sample_key
        FROM (SELECT unnest(${s.molecularProfileIds}::VARCHAR[]) AS profile_id, unnest(${s.sampleIds}::VARCHAR[]) AS sample_id) r
        JOIN molecular_profile mp ON mp.stable_id = r.profile_id
        JOIN sample x ON x.study_key = mp.study_key AND x.sample_id = r.sample_id)`;
      return {
        from: sql`mutation m JOIN ${pairs} q ON q.profile_key = m.profile_key AND q.sample_key = m.sample_key`,
        where: sql`TRUE ${genesOf(s.entrezGeneIds)}`,
        byProteinChange: true,
      };
    }
  }
}

/**
 * Default order molecularProfileId, sampleId, entrezGeneId[, proteinChange]; ties in import
 * order (m.rowid). sortBy (ignored for ID) goes first, the default order breaks its ties.
 */
function orderBy(q: MutationQuery, byProteinChange: boolean): Fragment {
  const base = byProteinChange ? sql`p.stable_id, sa.sample_id, m.entrez_gene_id, m.protein_change, m.rowid` : sql`p.stable_id, sa.sample_id, m.entrez_gene_id, m.rowid`;
  if (!q.sortBy || q.projection === 'ID') return base;
  return sql`${whitelisted(MUTATION_SORT_COLUMNS, q.sortBy)} ${raw(q.direction === 'DESC' ? 'DESC' : 'ASC')} NULLS LAST, ${base}`;
}

/**
 * Sorts and pages the selected rows' keys first, then builds the projection's columns (or JSON
 * text) for the rows of the page only: a 100,000-row page of a 1.5M-row profile must not render
 * every row.
 */
function selectMutations(s: MutationSelection, q: MutationQuery, select: Fragment): Fragment {
  const { from, where, byProteinChange } = plan(s);
  const offset = q.offset ?? 0;
  const limit = q.limit ?? 2147483647;
  return sql`WITH page AS (
      SELECT m.rowid AS page_rowid, row_number() OVER (ORDER BY ${orderBy(q, byProteinChange)}) AS page_order
      FROM ${from} ${JOINS} WHERE ${where}
      QUALIFY page_order > ${offset} AND page_order <= ${offset} + ${limit})
    SELECT ${select} FROM page JOIN mutation m ON m.rowid = page.page_rowid ${JOINS}
    ORDER BY page.page_order`;
}

/** A row as the API's Mutation: namespaceColumns is the stored JSON as is (nulls inside kept). */
export function toMutation(row: Row): Record<string, unknown> {
  const { namespace_columns, ...rest } = row;
  const out = toApiObject(rest);
  if (typeof namespace_columns === 'string') out.namespaceColumns = JSON.parse(namespace_columns) as unknown;
  return out;
}

/** The rows of a mutation answer (namespaceColumns as its JSON text), for fetchMutations and Arrow. */
export const mutationRows = (s: MutationSelection, q: MutationQuery): ArrowRows => ({ query: selectMutations(s, q, columns(q.projection)) });

export async function fetchMutations(db: ReadOnlyDb, s: MutationSelection, q: MutationQuery): Promise<Record<string, unknown>[]> {
  return (await db.all(mutationRows(s, q).query)).map(toMutation);
}

/**
 * The same answer as fetchMutations as JSON texts, one per item, in batches of about 2048: the
 * bytes equal those of the row answer serialised with MutationSchema (test/server/mutations.test.ts).
 */
export async function* streamMutations(db: ReadOnlyDb, s: MutationSelection, q: MutationQuery): AsyncGenerator<string[], void, undefined> {
  for await (const rows of db.stream<{ json: string }>(selectMutations(s, q, jsonColumn(q.projection)))) yield rows.map((r) => asJavaScriptWrites(r.json));
}

/** DuckDB escapes control characters as \u001F where JavaScript writes \u001f: such (rare) texts are rewritten. */
const asJavaScriptWrites = (json: string) => (json.includes('\\u') ? JSON.stringify(JSON.parse(json)) : json);

/** META: the number of mutation records and of distinct samples among them. */
export async function countMutations(db: ReadOnlyDb, s: MutationSelection): Promise<{ totalCount: number; sampleCount: number }> {
  const { from, where } = plan(s);
  const row = await db.one<{ n: number; samples: number }>(sql`
    SELECT count(*)::INTEGER AS n, count(DISTINCT m.sample_key)::INTEGER AS samples FROM ${from} ${JOINS} WHERE ${where}`);
  return { totalCount: row?.n ?? 0, sampleCount: row?.samples ?? 0 };
}
