// Structural variants of POST /api/structural-variant/fetch (api.md 16), as cBioPortal's
// StructuralVariantMapper.fetchStructuralVariants selects and orders them. Stored values are
// answered as the importer stored them ('NA' text, -1 integers).
import type { ArrowRows } from '../sql/arrow-chunks.js';
import { toApiObject, type ApiObject, type ReadOnlyDb } from '../sql/db.js';
import { raw, sql, type Fragment } from '../sql/sql.js';

/** One site of a structuralVariantQueries element: a gene by id or symbol, any gene, or none. */
export type SiteGene = { entrezId: number } | { hugoSymbol: string } | { specialValue: 'ANY_GENE' | 'NO_GENE' };

export interface StructuralVariantSelection {
  /** Every SV of these profiles ... */
  molecularProfileIds?: readonly string[];
  /** ... or of these (profile, sample) pairs, as parallel lists. */
  pairs?: { molecularProfileIds: readonly string[]; sampleIds: readonly string[] };
  entrezGeneIds?: readonly number[];
  queries?: readonly { gene1: SiteGene; gene2: SiteGene }[];
}

/** The SVs in scope: a join on the (profile, sample) pairs, or the listed profiles (the route guarantees one). */
function scope(s: StructuralVariantSelection): { join: Fragment; where: Fragment } {
  if (s.pairs)
    return {
      join: sql`JOIN (SELECT DISTINCT mp.profile_key, x.sample_key
          FROM (SELECT unnest(${s.pairs.molecularProfileIds}::VARCHAR[]) AS profile_id, unnest(${s.pairs.sampleIds}::VARCHAR[]) AS sample_id) r
          JOIN molecular_profile mp ON mp.stable_id = r.profile_id JOIN sample x ON x.study_key = mp.study_key AND x.sample_id = r.sample_id) sel
        ON sel.profile_key = v.profile_key AND sel.sample_key = v.sample_key`,
      where: sql`TRUE`,
    };
  return {
    join: sql``,
    where: sql`v.profile_key IN (SELECT profile_key FROM molecular_profile WHERE stable_id IN (SELECT unnest(${s.molecularProfileIds ?? []}::VARCHAR[])))`,
  };
}

/** The query list as columns: kind ANY | NONE | ID | SYMBOL per site, with its id or symbol. */
function queryTable(queries: readonly { gene1: SiteGene; gene2: SiteGene }[]): Fragment {
  const kind = (g: SiteGene) => ('entrezId' in g ? 'ID' : 'hugoSymbol' in g ? 'SYMBOL' : g.specialValue === 'ANY_GENE' ? 'ANY' : 'NONE');
  const id = (g: SiteGene) => ('entrezId' in g ? g.entrezId : 0);
  const symbol = (g: SiteGene) => ('hugoSymbol' in g ? g.hugoSymbol.toUpperCase() : '');
  const col = <T extends string | number>(pick: (q: { gene1: SiteGene; gene2: SiteGene }) => T) => queries.map(pick);
  return sql`(SELECT unnest(${col((q) => kind(q.gene1))}::VARCHAR[]) AS k1, unnest(${col((q) => id(q.gene1))}::INTEGER[]) AS e1,
      unnest(${col((q) => symbol(q.gene1))}::VARCHAR[]) AS s1, unnest(${col((q) => kind(q.gene2))}::VARCHAR[]) AS k2,
      unnest(${col((q) => id(q.gene2))}::INTEGER[]) AS e2, unnest(${col((q) => symbol(q.gene2))}::VARCHAR[]) AS s2)`;
}

/**
 * Gene selection: nothing given (or only empty lists) keeps every SV in scope; otherwise an SV
 * is kept when either site's gene is in entrezGeneIds OR it matches one query (gene1 on site 1
 * and gene2 on site 2). A hugoSymbol matches the site's gene-table symbol (the reference only
 * uses entrezId there; resolving the symbol is the documented extension).
 */
function geneClause(s: StructuralVariantSelection): Fragment {
  const parts: Fragment[] = [];
  if (s.entrezGeneIds?.length) {
    const ids = sql`(SELECT unnest(${s.entrezGeneIds}::INTEGER[]))`;
    parts.push(sql`(v.site1_entrez_gene_id IN ${ids} OR v.site2_entrez_gene_id IN ${ids})`);
  }
  if (s.queries?.length) {
    const site = (n: '1' | '2') => {
      const [k, e, sym, entrez, gene] = n === '1' ? ['q.k1', 'q.e1', 'q.s1', 'v.site1_entrez_gene_id', 'g1'] : ['q.k2', 'q.e2', 'q.s2', 'v.site2_entrez_gene_id', 'g2'];
      // Column names from the two constant tuples above.
      return raw(`(${k} = 'ANY' OR (${k} = 'NONE' AND ${entrez} IS NULL) OR (${k} = 'ID' AND ${entrez} = ${e})
        OR (${k} = 'SYMBOL' AND upper(${gene}.hugo_gene_symbol) = ${sym}))`);
    };
    parts.push(sql`EXISTS (SELECT 1 FROM ${queryTable(s.queries)} q WHERE ${site('1')} AND ${site('2')})`);
  }
  return parts.length === 0 ? sql`TRUE` : parts.reduce((acc, p) => sql`${acc} OR ${p}`);
}

/** The rows of an answer (namespaceColumns as its JSON text), for fetchStructuralVariants and Arrow. */
export function structuralVariantRows(s: StructuralVariantSelection): ArrowRows {
  const { join, where } = scope(s);
  return {
    query: sql`
    SELECT unique_key(sa.sample_id, st.study_id) AS unique_sample_key, unique_key(pa.patient_id, st.study_id) AS unique_patient_key,
      p.stable_id AS molecular_profile_id, sa.sample_id, pa.patient_id, st.study_id,
      v.site1_entrez_gene_id, g1.hugo_gene_symbol AS site1_hugo_symbol, v.site1_ensembl_transcript_id, v.site1_chromosome,
      v.site1_position, v.site1_contig, v.site1_region, v.site1_region_number, v.site1_description,
      v.site2_entrez_gene_id, g2.hugo_gene_symbol AS site2_hugo_symbol, v.site2_ensembl_transcript_id, v.site2_chromosome,
      v.site2_position, v.site2_contig, v.site2_region, v.site2_region_number, v.site2_description, v.site2_effect_on_frame,
      v.ncbi_build, v.dna_support, v.rna_support, v.normal_read_count, v.tumor_read_count, v.normal_variant_count,
      v.tumor_variant_count, v.normal_paired_end_read_count, v.tumor_paired_end_read_count, v.normal_split_read_count,
      v.tumor_split_read_count, v.annotation, v.breakpoint_type, v.connection_type, v.event_info, v.class AS variant_class,
      v.length, v.comments, v.sv_status,
      v.driver_filter, v.driver_filter_annotation AS driver_filter_ann, v.driver_tiers_filter,
      v.driver_tiers_filter_annotation AS driver_tiers_filter_ann, v.namespace_columns::VARCHAR AS namespace_columns
    FROM structural_variant v ${join}
      JOIN molecular_profile p ON p.profile_key = v.profile_key
      JOIN sample sa ON sa.sample_key = v.sample_key JOIN patient pa ON pa.patient_key = sa.patient_key
      JOIN cancer_study st ON st.study_key = v.study_key
      LEFT JOIN gene g1 ON g1.entrez_gene_id = v.site1_entrez_gene_id
      LEFT JOIN gene g2 ON g2.entrez_gene_id = v.site2_entrez_gene_id
    WHERE ${where} AND (${geneClause(s)})
    -- Sites without a gene sort first (MySQL's NULL order; v7's empty-string default sorts there too).
    ORDER BY g1.hugo_gene_symbol NULLS FIRST, g2.hugo_gene_symbol NULLS FIRST, v.rowid`,
  };
}

type Nullable<K extends string, V> = { [P in K]: V | null };

/** A StructuralVariant as selected (structuralVariantRows): ids, then the stored columns, NULL where the file had nothing. */
export type StructuralVariantRow = {
  unique_sample_key: string; unique_patient_key: string; molecular_profile_id: string; sample_id: string; patient_id: string; study_id: string;
} & Nullable<
  | 'site1_entrez_gene_id' | 'site1_position' | 'site1_region_number' | 'site2_entrez_gene_id' | 'site2_position' | 'site2_region_number'
  | 'normal_read_count' | 'tumor_read_count' | 'normal_variant_count' | 'tumor_variant_count' | 'normal_paired_end_read_count'
  | 'tumor_paired_end_read_count' | 'normal_split_read_count' | 'tumor_split_read_count' | 'length', number
> & Nullable<
  | 'site1_hugo_symbol' | 'site1_ensembl_transcript_id' | 'site1_chromosome' | 'site1_contig' | 'site1_region' | 'site1_description'
  | 'site2_hugo_symbol' | 'site2_ensembl_transcript_id' | 'site2_chromosome' | 'site2_contig' | 'site2_region' | 'site2_description'
  | 'site2_effect_on_frame' | 'ncbi_build' | 'dna_support' | 'rna_support' | 'annotation' | 'breakpoint_type' | 'connection_type' | 'event_info'
  | 'variant_class' | 'comments' | 'sv_status' | 'driver_filter' | 'driver_filter_ann' | 'driver_tiers_filter' | 'driver_tiers_filter_ann'
  | 'namespace_columns', string
>;

/** A StructuralVariant of the API: namespaceColumns is the stored JSON parsed. */
export type StructuralVariant = ApiObject<Omit<StructuralVariantRow, 'namespace_columns'>> & { namespaceColumns?: Record<string, unknown> };

export async function fetchStructuralVariants(db: ReadOnlyDb, s: StructuralVariantSelection): Promise<StructuralVariant[]> {
  return (await db.all<StructuralVariantRow>(structuralVariantRows(s).query)).map(toStructuralVariant);
}

/** A row as the API's StructuralVariant: namespaceColumns is the stored JSON as is (nulls inside kept). */
function toStructuralVariant(row: StructuralVariantRow): StructuralVariant {
  const { namespace_columns, ...rest } = row;
  const out: StructuralVariant = toApiObject(rest);
  if (typeof namespace_columns === 'string') out.namespaceColumns = JSON.parse(namespace_columns) as Record<string, unknown>;
  return out;
}
