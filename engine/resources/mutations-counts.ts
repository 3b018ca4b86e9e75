// Aggregates over mutations (api.md 14.3-14.5): the substitution spectrum per sample, counts by
// protein position (request order, one item per element) and variant counts by gene and keyword.
import type { ReadOnlyDb } from '../sql/db.js';
import { sql } from '../sql/sql.js';
import { inStudies } from './lookup.js';

/** One profile (already checked) and the samples by list or ids, as MutationSpectrumFilter gives them. */
export interface SpectrumSelection {
  profileKey: number;
  studyKey: number;
  sampleListId?: string;
  sampleIds?: readonly string[];
}

/** A sample's substitution counts, the buckets spelled as the API spells them. */
export type MutationSpectrumRow = {
  unique_sample_key: string; unique_patient_key: string; molecular_profile_id: string; sample_id: string; patient_id: string; study_id: string;
  CtoA: number; CtoG: number; CtoT: number; TtoA: number; TtoC: number; TtoG: number;
};

/**
 * Only single-nucleotide substitutions count (both alleles one of A, C, G, T); a strand-symmetric
 * pair shares a bucket (C>A with G>T, ...). One item per sample with such a mutation, in import order.
 */
export async function fetchMutationSpectrums(db: ReadOnlyDb, s: SpectrumSelection): Promise<MutationSpectrumRow[]> {
  const samples = s.sampleIds !== undefined
    ? sql`SELECT sample_key FROM sample WHERE study_key = ${s.studyKey} AND sample_id IN (SELECT unnest(${s.sampleIds}::VARCHAR[]))`
    : sql`SELECT lm.sample_key FROM sample_list l JOIN sample_list_member lm USING (list_key) WHERE l.stable_id = ${s.sampleListId ?? ''}`;
  const change = (a: string, b: string, c: string, d: string) =>
    sql`count(*) FILTER (WHERE (m.reference_allele = ${a} AND m.tumor_seq_allele = ${b}) OR (m.reference_allele = ${c} AND m.tumor_seq_allele = ${d}))::INTEGER`;
  // Quoted aliases: the API spells these keys with capitals (CtoA), which the row mapper keeps.
  return db.all<MutationSpectrumRow>(sql`
    SELECT unique_key(sa.sample_id, st.study_id) AS unique_sample_key, unique_key(pa.patient_id, st.study_id) AS unique_patient_key,
      p.stable_id AS molecular_profile_id, sa.sample_id, pa.patient_id, st.study_id,
      ${change('C', 'A', 'G', 'T')} AS "CtoA", ${change('C', 'G', 'G', 'C')} AS "CtoG", ${change('C', 'T', 'G', 'A')} AS "CtoT",
      ${change('T', 'A', 'A', 'T')} AS "TtoA", ${change('T', 'C', 'A', 'G')} AS "TtoC", ${change('T', 'G', 'A', 'C')} AS "TtoG"
    FROM mutation m
      JOIN sample sa ON sa.sample_key = m.sample_key
      JOIN patient pa ON pa.patient_key = sa.patient_key
      JOIN cancer_study st ON st.study_key = m.study_key
      JOIN molecular_profile p ON p.profile_key = m.profile_key
    WHERE m.profile_key = ${s.profileKey} AND m.sample_key IN (${samples})
      AND m.reference_allele IN ('A', 'C', 'G', 'T') AND m.tumor_seq_allele IN ('A', 'C', 'G', 'T')
    GROUP BY sa.sample_key, sa.sample_id, pa.patient_id, st.study_id, p.stable_id
    ORDER BY sa.sample_key`);
}

export interface MutationPosition {
  entrezGeneId: number;
  proteinPosStart: number;
  proteinPosEnd: number;
}

export type MutationCountByPositionRow = { entrez_gene_id: number; protein_pos_start: number; protein_pos_end: number; count: number };

/**
 * Per identifier, in request order (a repeated one answers again): mutation records of all
 * studies and profiles in the gene with start >= proteinPosStart and end <= proteinPosEnd; 0
 * when none (the classic answer; v7 writes a null element, api.md 29 #6). `studyIds`: the
 * studies whose mutations count (undefined: all).
 */
export async function fetchMutationCountsByPosition(db: ReadOnlyDb, positions: readonly MutationPosition[], studyIds?: readonly string[]): Promise<MutationCountByPositionRow[]> {
  const genes = positions.map((p) => p.entrezGeneId);
  const starts = positions.map((p) => p.proteinPosStart);
  const ends = positions.map((p) => p.proteinPosEnd);
  return db.all<MutationCountByPositionRow>(sql`
    WITH q AS (
      SELECT unnest(${genes}::INTEGER[]) AS entrez_gene_id, unnest(${starts}::INTEGER[]) AS protein_pos_start,
        unnest(${ends}::INTEGER[]) AS protein_pos_end, generate_subscripts(${genes}::INTEGER[], 1) AS pos),
    d AS (SELECT DISTINCT entrez_gene_id, protein_pos_start, protein_pos_end FROM q),
    c AS (
      SELECT d.entrez_gene_id, d.protein_pos_start, d.protein_pos_end, count(m.entrez_gene_id)::INTEGER AS count
      FROM d LEFT JOIN mutation m ON m.entrez_gene_id = d.entrez_gene_id
        AND m.protein_pos_start >= d.protein_pos_start AND m.protein_pos_end <= d.protein_pos_end
        AND ${inStudies(sql`m.study_key`, studyIds)}
      GROUP BY ALL)
    SELECT q.entrez_gene_id, q.protein_pos_start, q.protein_pos_end, c.count
    FROM q JOIN c USING (entrez_gene_id, protein_pos_start, protein_pos_end)
    ORDER BY q.pos`);
}

export interface VariantCountIdentifier {
  entrezGeneId: number;
  keyword?: string;
}

/** keyword NULL: the gene's mutations without a keyword. */
export type VariantCountRow = {
  molecular_profile_id: string; entrez_gene_id: number; keyword: string | null;
  number_of_samples: number; number_of_samples_with_mutation_in_gene: number; number_of_samples_with_keyword: number;
};

/**
 * One VariantCount per distinct (gene, keyword) with data, in order of first request; an
 * identifier without keyword counts the gene's mutations whose keyword is NULL. numberOfSamples
 * is the size of `<studyId>_sequenced`, or without that list the profile's mutated samples.
 */
export async function fetchVariantCounts(
  db: ReadOnlyDb, profile: { profileKey: number; molecularProfileId: string; studyId: string }, identifiers: readonly VariantCountIdentifier[],
): Promise<VariantCountRow[]> {
  const genes = identifiers.map((i) => i.entrezGeneId);
  const keywords = identifiers.map((i) => i.keyword ?? '');
  const hasKeyword = identifiers.map((i) => (i.keyword === undefined ? 0 : 1));
  return db.all<VariantCountRow>(sql`
    WITH q AS (
      SELECT unnest(${genes}::INTEGER[]) AS entrez_gene_id, unnest(${keywords}::VARCHAR[]) AS kw,
        unnest(${hasKeyword}::INTEGER[]) AS has_kw, generate_subscripts(${genes}::INTEGER[], 1) AS pos),
    ids AS (SELECT entrez_gene_id, CASE WHEN has_kw = 1 THEN kw END AS keyword, min(pos) AS pos FROM q GROUP BY ALL),
    pm AS (SELECT sample_key, entrez_gene_id, keyword FROM mutation WHERE profile_key = ${profile.profileKey}),
    in_gene AS (SELECT entrez_gene_id, count(DISTINCT sample_key)::INTEGER AS n FROM pm GROUP BY entrez_gene_id),
    with_kw AS (
      SELECT ids.entrez_gene_id, ids.keyword, any_value(ids.pos) AS pos, count(DISTINCT pm.sample_key)::INTEGER AS n
      FROM ids JOIN pm ON pm.entrez_gene_id = ids.entrez_gene_id AND pm.keyword IS NOT DISTINCT FROM ids.keyword
      GROUP BY ids.entrez_gene_id, ids.keyword),
    total AS (
      SELECT CASE WHEN EXISTS (SELECT 1 FROM sample_list WHERE stable_id = ${profile.studyId + '_sequenced'})
        THEN (SELECT count(*) FROM sample_list l JOIN sample_list_member lm USING (list_key) WHERE l.stable_id = ${profile.studyId + '_sequenced'})
        ELSE (SELECT count(DISTINCT sample_key) FROM pm) END::INTEGER AS n)
    SELECT ${profile.molecularProfileId} AS molecular_profile_id, w.entrez_gene_id, w.keyword, total.n AS number_of_samples,
      g.n AS number_of_samples_with_mutation_in_gene, w.n AS number_of_samples_with_keyword
    FROM with_kw w JOIN in_gene g USING (entrez_gene_id) CROSS JOIN total
    ORDER BY w.pos`);
}
