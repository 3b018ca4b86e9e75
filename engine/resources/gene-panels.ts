// Gene panels and gene panel data (api.md 18, cBioPortal's GenePanelMapper + GenePanelServiceImpl).
// Panels are global; panel data says, per (profile, sample), which panel profiled the sample, if any.
import type { ReadOnlyDb } from '../sql/db.js';
import { raw, sql, type Fragment, whitelisted } from '../sql/sql.js';
import { streamJoinedJson } from '../sql/joined-json.js';

export const GENE_PANEL_SORT_COLUMNS = { genePanelId: 'gp.panel_id', description: 'gp.description' } as const;
export type GenePanelSortBy = keyof typeof GENE_PANEL_SORT_COLUMNS;

export interface GenePanelQuery {
  /** Absent: every panel. */
  genePanelIds?: readonly string[];
  /** META selects what ID does (the fetch answers items even then). */
  projection: 'ID' | 'SUMMARY' | 'DETAILED' | 'META';
  sortBy?: GenePanelSortBy;
  direction?: 'ASC' | 'DESC';
  limit?: number;
  offset?: number;
}

/** A panel as selected: description from SUMMARY, genes under DETAILED. */
export interface GenePanelRow {
  gene_panel_id: string;
  description?: string | null;
  genes?: { entrez_gene_id: number; hugo_gene_symbol: string }[];
}

/** The panel's genes sorted by symbol, as `[{entrezGeneId, hugoGeneSymbol}]`. */
const GENES = sql`coalesce((SELECT list(struct_pack(entrez_gene_id := g.entrez_gene_id, hugo_gene_symbol := g.hugo_gene_symbol)
    ORDER BY g.hugo_gene_symbol, g.entrez_gene_id)
  FROM gene_panel_gene pg JOIN gene g ON g.entrez_gene_id = pg.entrez_gene_id WHERE pg.panel_key = gp.panel_key), [])`;

function columns(projection: GenePanelQuery['projection']): Fragment {
  if (projection === 'ID' || projection === 'META') return sql`gp.panel_id AS gene_panel_id`;
  const summary = sql`gp.panel_id AS gene_panel_id, gp.description`;
  return projection === 'DETAILED' ? sql`${summary}, ${GENES} AS genes` : summary;
}

export async function fetchGenePanels(db: ReadOnlyDb, q: GenePanelQuery): Promise<GenePanelRow[]> {
  const where = q.genePanelIds === undefined ? sql`TRUE` : sql`gp.panel_id IN (SELECT unnest(${q.genePanelIds}::VARCHAR[]))`;
  const order = q.sortBy && q.projection !== 'ID'
    ? sql`${raw(whitelisted(GENE_PANEL_SORT_COLUMNS, q.sortBy))} ${raw(q.direction === 'DESC' ? 'DESC' : 'ASC')} NULLS LAST, gp.panel_id`
    : sql`gp.panel_id`;
  return db.all<GenePanelRow>(sql`SELECT ${columns(q.projection)} FROM gene_panel gp WHERE ${where}
    ORDER BY ${order} LIMIT ${q.limit ?? 2147483647} OFFSET ${q.offset ?? 0}`);
}

export async function countGenePanels(db: ReadOnlyDb): Promise<number> {
  const row = await db.one<{ n: number }>(sql`SELECT count(*)::INTEGER AS n FROM gene_panel`);
  return row?.n ?? 0;
}

/** Which (profile, sample) rows: a sample list's members, (profile, sample id) pairs, or whole profiles. */
export type GenePanelDataSelection =
  | { kind: 'sampleList'; profileKey: number; sampleListId: string }
  | { kind: 'pairs'; molecularProfileIds: readonly string[]; sampleIds: readonly string[] }
  /** Every sample of each profile's study, profiled or not. */
  | { kind: 'profiles'; molecularProfileIds: readonly string[] };

/** Distinct (profile_key, sample_key) pairs; samples always of the profile's own study. */
function cases(s: GenePanelDataSelection): Fragment {
  switch (s.kind) {
    case 'sampleList':
      return sql`SELECT DISTINCT p.profile_key, x.sample_key FROM molecular_profile p
        JOIN sample_list l ON l.stable_id = ${s.sampleListId}
        JOIN sample_list_member m ON m.list_key = l.list_key
        JOIN sample x ON x.sample_key = m.sample_key AND x.study_key = p.study_key
        WHERE p.profile_key = ${s.profileKey}`;
    case 'pairs':
      return sql`SELECT DISTINCT p.profile_key, x.sample_key
        FROM (SELECT unnest(${s.molecularProfileIds}::VARCHAR[]) AS profile_id, unnest(${s.sampleIds}::VARCHAR[]) AS sample_id) r
        JOIN molecular_profile p ON p.stable_id = r.profile_id
        JOIN sample x ON x.study_key = p.study_key AND x.sample_id = r.sample_id`;
    case 'profiles':
      return sql`SELECT p.profile_key, x.sample_key FROM molecular_profile p JOIN sample x ON x.study_key = p.study_key
        WHERE p.stable_id IN (SELECT unnest(${s.molecularProfileIds}::VARCHAR[]))`;
  }
}

/**
 * One row per selected (profile, sample): the panel when profiled with one, and `profiled`, which
 * for mutation profiles is also true for members of `<studyId>_sequenced`. Profile, then sample
 * import order (the reference leaves it unordered).
 */
function selectGenePanelData(s: GenePanelDataSelection, extra: Fragment): Fragment {
  return sql`
    SELECT unique_key(x.sample_id, st.study_id) AS unique_sample_key, unique_key(pa.patient_id, st.study_id) AS unique_patient_key,
      p.stable_id AS molecular_profile_id, x.sample_id, pa.patient_id, st.study_id, gp.panel_id AS gene_panel_id,
      (sp.profile_key IS NOT NULL OR (p.genetic_alteration_type = 'MUTATION_EXTENDED' AND EXISTS (
        SELECT 1 FROM sample_list l JOIN sample_list_member m ON m.list_key = l.list_key
        WHERE l.study_key = p.study_key AND l.stable_id = st.study_id || '_sequenced' AND m.sample_key = x.sample_key))) AS profiled ${extra}
    FROM (${cases(s)}) c
    JOIN molecular_profile p ON p.profile_key = c.profile_key
    JOIN sample x ON x.sample_key = c.sample_key
    JOIN patient pa ON pa.patient_key = x.patient_key
    JOIN cancer_study st ON st.study_key = x.study_key
    LEFT JOIN sample_profile sp ON sp.profile_key = c.profile_key AND sp.sample_key = c.sample_key
    LEFT JOIN gene_panel gp ON gp.panel_key = sp.panel_key
    ORDER BY c.profile_key, c.sample_key`;
}

/** GenePanelData in GenePanelDataSchema's order. */
const GENE_PANEL_DATA_FIELDS = [
  ['uniqueSampleKey', 'unique_sample_key'], ['uniquePatientKey', 'unique_patient_key'], ['molecularProfileId', 'molecular_profile_id'],
  ['sampleId', 'sample_id'], ['patientId', 'patient_id'], ['studyId', 'study_id'], ['genePanelId', 'gene_panel_id'], ['profiled', 'profiled'],
] as const;

/** The GenePanelData answer as JSON written by DuckDB (engine/sql/joined-json.ts). */
export function streamGenePanelDataJson(db: ReadOnlyDb, s: GenePanelDataSelection): AsyncGenerator<string[], void, undefined> {
  return streamJoinedJson(db, selectGenePanelData(s, sql`, row_number() OVER (ORDER BY c.profile_key, c.sample_key) AS n`), GENE_PANEL_DATA_FIELDS);
}
