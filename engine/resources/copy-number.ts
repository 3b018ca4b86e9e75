// Discrete copy number data and counts (api.md 15.1, 15.2), as DiscreteCopyNumberServiceImpl
// answers them: ±2 types read the stored CNA events (with drivers and namespaces), any type
// with -1, 0 or 1 reads the full gene × sample matrix.
import { toApiObject, type ApiObject, type ReadOnlyDb, type Row } from '../sql/db.js';
import { sql, type Fragment } from '../sql/sql.js';

export const DISCRETE_CNA_EVENT_TYPES = {
  HOMDEL_AND_AMP: [-2, 2], HOMDEL: [-2], AMP: [2], GAIN: [1], HETLOSS: [-1], DIPLOID: [0], ALL: [-2, -1, 0, 1, 2],
} as const satisfies Record<string, readonly number[]>;
export type DiscreteCnaEventType = keyof typeof DISCRETE_CNA_EVENT_TYPES;

export interface DiscreteCopyNumberQuery {
  profileKey: number;
  studyKey: number;
  /** Exactly one of sampleListId / sampleIds (the route checks it). */
  sampleListId?: string;
  sampleIds?: readonly string[];
  /** Absent: every gene. */
  entrezGeneIds?: readonly number[];
  eventType: DiscreteCnaEventType;
}

/** Events only exist for -2 and 2; any other value needs the matrix. */
const usesEvents = (type: DiscreteCnaEventType) => DISCRETE_CNA_EVENT_TYPES[type].every((a) => a === -2 || a === 2);

/** Samples of the profile's study: members of the list (an unknown list is empty) or by id. */
function sampleKeys(q: DiscreteCopyNumberQuery): Fragment {
  return q.sampleIds !== undefined
    ? sql`SELECT sample_key FROM sample WHERE study_key = ${q.studyKey} AND sample_id IN (SELECT unnest(${q.sampleIds}::VARCHAR[]))`
    : sql`SELECT m.sample_key FROM sample_list l JOIN sample_list_member m USING (list_key) WHERE l.stable_id = ${q.sampleListId ?? ''}`;
}

/**
 * FROM/WHERE/ORDER BY of either path. Matrix cells are read as v7 reads them (rounded to 4
 * decimals, api.md 13) and kept when that number is one of the type's integers, as the
 * reference's Integer.parseInt of the normalised text does: '2.0' counts as 2, '-1.5', 'NA' and
 * '' (a long-format cell the file did not give is not stored at all) never count.
 */
function plan(q: DiscreteCopyNumberQuery): { from: Fragment; where: Fragment; order: Fragment; alteration: Fragment; events: boolean } {
  const alterations = [...DISCRETE_CNA_EVENT_TYPES[q.eventType]];
  const genes = q.entrezGeneIds === undefined ? sql`` : sql`AND v.entrez_gene_id IN (SELECT unnest(${q.entrezGeneIds}::INTEGER[]))`;
  const scope = sql`v.profile_key = ${q.profileKey} AND v.sample_key IN (${sampleKeys(q)}) ${genes}`;
  if (usesEvents(q.eventType))
    return {
      from: sql`cna_event v`,
      where: sql`${scope} AND v.alteration IN (SELECT unnest(${alterations}::INTEGER[]))`,
      order: sql`v.entrez_gene_id, v.alteration, sa.sample_id`,
      alteration: sql`v.alteration::INTEGER`,
      events: true,
    };
  const level = sql`round(v.number, 4)`;
  return {
    from: sql`gene_value v`,
    where: sql`${scope} AND ${level} IN (SELECT unnest(${alterations}::INTEGER[]))`,
    // As molecular data (api.md 13): by sample id, then the profile's genes in load order.
    order: sql`sa.sample_id, v.rowid`,
    alteration: sql`${level}::INTEGER`,
    events: false,
  };
}

/** Genes outside the gene table never reach the answer (the reference inner-joins gene). */
const JOINS = sql`JOIN gene g ON g.entrez_gene_id = v.entrez_gene_id
  JOIN sample sa ON sa.sample_key = v.sample_key
  JOIN patient pa ON pa.patient_key = sa.patient_key
  JOIN cancer_study st ON st.study_key = v.study_key
  JOIN molecular_profile p ON p.profile_key = v.profile_key`;

export async function fetchDiscreteCopyNumbers(db: ReadOnlyDb, q: DiscreteCopyNumberQuery, detailed: boolean): Promise<Record<string, unknown>[]> {
  const { from, where, order, alteration, events } = plan(q);
  const drivers = events
    ? sql`, v.driver_filter, v.driver_filter_annotation, v.driver_tiers_filter, v.driver_tiers_filter_annotation,
        v.namespace_columns::VARCHAR AS namespace_columns`
    : sql``;
  const gene = detailed ? sql`, struct_pack(entrez_gene_id := g.entrez_gene_id, hugo_gene_symbol := g.hugo_gene_symbol, type := g.type) AS gene` : sql``;
  const rows = await db.all(sql`
    SELECT unique_key(sa.sample_id, st.study_id) AS unique_sample_key, unique_key(pa.patient_id, st.study_id) AS unique_patient_key,
      p.stable_id AS molecular_profile_id, sa.sample_id, pa.patient_id, st.study_id, v.entrez_gene_id, ${alteration} AS alteration
      ${drivers} ${gene}
    FROM ${from} ${JOINS}
    WHERE ${where}
    ORDER BY ${order}`);
  return rows.map(toDiscreteCopyNumberData);
}

export async function countDiscreteCopyNumbers(db: ReadOnlyDb, q: DiscreteCopyNumberQuery): Promise<number> {
  const { from, where } = plan(q);
  const row = await db.one<{ n: number }>(sql`SELECT count(*)::INTEGER AS n FROM ${from} ${JOINS} WHERE ${where}`);
  return row?.n ?? 0;
}

/** A row as the API's DiscreteCopyNumberData: namespaceColumns is the stored JSON as is (nulls inside kept). */
function toDiscreteCopyNumberData(row: Row): Record<string, unknown> {
  const { namespace_columns, ...rest } = row;
  const out = toApiObject(rest);
  if (typeof namespace_columns === 'string') out.namespaceColumns = JSON.parse(namespace_columns) as unknown;
  return out;
}

export interface CopyNumberCountIdentifier {
  entrezGeneId: number;
  alteration: number;
}

/**
 * One CopyNumberCount per identifier, in request order (repeats answered again): the profile's
 * profiled samples, and the distinct samples with a stored event of that gene and value
 * (absent when none, as the reference leaves it unset).
 */
/** A gene and alteration's count; NULL samples with it where none has it. */
type CopyNumberCountRow = {
  molecular_profile_id: string; entrez_gene_id: number; alteration: number; number_of_samples: number; number_of_samples_with_alteration_in_gene: number | null;
};

export async function fetchCopyNumberCounts(db: ReadOnlyDb, profileKey: number, ids: readonly CopyNumberCountIdentifier[]): Promise<ApiObject<CopyNumberCountRow>[]> {
  const genes = ids.map((i) => i.entrezGeneId);
  const alterations = ids.map((i) => i.alteration);
  const rows = await db.all<CopyNumberCountRow>(sql`
    WITH req AS (
      SELECT unnest(${genes}::INTEGER[]) AS entrez_gene_id, unnest(${alterations}::INTEGER[]) AS alteration,
        generate_subscripts(${genes}::INTEGER[], 1) AS pos),
    altered AS (
      SELECT entrez_gene_id, alteration::INTEGER AS alteration, count(DISTINCT sample_key)::INTEGER AS n FROM cna_event
      WHERE profile_key = ${profileKey} AND entrez_gene_id IN (SELECT entrez_gene_id FROM req)
      GROUP BY ALL)
    SELECT p.stable_id AS molecular_profile_id, r.entrez_gene_id, r.alteration,
      (SELECT count(*)::INTEGER FROM sample_profile sp WHERE sp.profile_key = ${profileKey}) AS number_of_samples,
      a.n AS number_of_samples_with_alteration_in_gene
    FROM req r CROSS JOIN (SELECT stable_id FROM molecular_profile WHERE profile_key = ${profileKey}) p
      LEFT JOIN altered a ON a.entrez_gene_id = r.entrez_gene_id AND a.alteration = r.alteration
    ORDER BY r.pos`);
  return rows.map(toApiObject);
}
