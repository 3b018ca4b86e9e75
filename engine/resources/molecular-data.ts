// Numeric gene-level matrix values (api.md 13, cBioPortal's MolecularDataServiceImpl): one
// profile by sample list or sample ids, or several profiles by ids or (profile, sample) pairs.
// Cells that are not numbers are dropped; the rest are normalised as v7 does (molecular-data-value.ts).
import type { ArrowRows } from '../sql/arrow-chunks.js';
import type { ReadOnlyDb, Row } from '../sql/db.js';
import { sql, type Fragment } from '../sql/sql.js';
import { normaliseMolecularNumber, normaliseMolecularValue } from './molecular-data-value.js';

export type MolecularDataSelection =
  /** One profile (already checked); samples of its study by list members' ids or by ids. */
  | { kind: 'profile'; profileKey: number; studyKey: number; sampleListId?: string; sampleIds?: readonly string[]; entrezGeneIds?: readonly number[] }
  /** Every profiled sample of these profiles; genes in request order, repeats included. */
  | { kind: 'profiles'; molecularProfileIds: readonly string[]; entrezGeneIds: readonly number[] }
  /** Each listed sample in every listed profile of its study (the reference's quirk). */
  | { kind: 'identifiers'; molecularProfileIds: readonly string[]; sampleIds: readonly string[]; entrezGeneIds?: readonly number[] };

export interface MolecularDataRow extends Row {
  value: number;
}

/** Requested genes with their 1-based request position (a repeated id is two rows). */
const requestedGenes = (ids: readonly number[]) =>
  sql`(SELECT unnest(l) AS entrez_gene_id, generate_subscripts(l, 1) AS pos FROM (SELECT ${ids}::INTEGER[] AS l))`;

/**
 * FROM/WHERE/ORDER BY of a selection. `v.rowid` is the load order of a profile's cells: rows are
 * inserted gene by gene in file order, which is the order the reference returns a profile's genes in.
 * Only profiled samples have cells, so the cell table alone decides who is profiled.
 */
function plan(s: MolecularDataSelection): { from: Fragment; where: Fragment; order: Fragment } {
  const numeric = sql`isfinite(v.number)`; // NULL (not decimal text) is not true either
  switch (s.kind) {
    case 'profile': {
      const ids = s.sampleIds !== undefined
        ? sql`SELECT unnest(${s.sampleIds}::VARCHAR[])`
        // List members are looked up by id in the profile's study, as the reference does.
        : sql`SELECT x.sample_id FROM sample_list l JOIN sample_list_member m USING (list_key) JOIN sample x ON x.sample_key = m.sample_key
              WHERE l.stable_id = ${s.sampleListId ?? ''}`;
      const genes = s.entrezGeneIds === undefined ? sql`` : sql`AND v.entrez_gene_id IN (SELECT unnest(${s.entrezGeneIds}::INTEGER[]))`;
      return {
        from: sql`gene_value v`,
        where: sql`v.profile_key = ${s.profileKey}
          AND v.sample_key IN (SELECT sample_key FROM sample WHERE study_key = ${s.studyKey} AND sample_id IN (${ids}))
          ${genes} AND ${numeric}`,
        order: sql`sa.sample_id, v.rowid`,
      };
    }
    case 'profiles':
      return {
        from: sql`gene_value v JOIN ${requestedGenes(s.entrezGeneIds)} q ON q.entrez_gene_id = v.entrez_gene_id`,
        where: sql`v.profile_key IN (SELECT profile_key FROM molecular_profile WHERE stable_id IN (SELECT unnest(${s.molecularProfileIds}::VARCHAR[])))
          AND ${numeric}`,
        // The reference leaves samples unordered; import order it is.
        order: sql`sa.sample_key, p.stable_id, q.pos`,
      };
    case 'identifiers': {
      const pairs = sql`(SELECT unnest(${s.molecularProfileIds}::VARCHAR[]) AS profile_id, unnest(${s.sampleIds}::VARCHAR[]) AS sample_id)`;
      const genes = s.entrezGeneIds === undefined ? undefined : requestedGenes(s.entrezGeneIds);
      return {
        from: genes ? sql`gene_value v JOIN ${genes} q ON q.entrez_gene_id = v.entrez_gene_id` : sql`gene_value v`,
        where: sql`v.profile_key IN (SELECT profile_key FROM molecular_profile WHERE stable_id IN (SELECT profile_id FROM ${pairs}))
          AND v.sample_key IN (SELECT x.sample_key FROM ${pairs} r JOIN molecular_profile mp ON mp.stable_id = r.profile_id
                               JOIN sample x ON x.study_key = mp.study_key AND x.sample_id = r.sample_id)
          AND ${numeric}`,
        order: genes ? sql`sa.sample_id, st.study_id, p.stable_id, q.pos` : sql`sa.sample_id, st.study_id, p.stable_id, v.rowid`,
      };
    }
  }
}

/** Genes outside the gene table never reach the answer (the reference inner-joins gene). */
const JOINS = sql`JOIN gene g ON g.entrez_gene_id = v.entrez_gene_id
  JOIN sample sa ON sa.sample_key = v.sample_key
  JOIN patient pa ON pa.patient_key = sa.patient_key
  JOIN cancer_study st ON st.study_key = v.study_key
  JOIN molecular_profile p ON p.profile_key = v.profile_key`;

/** The rows of an answer, their value column `value` (the cell's text, or its number). */
function selectMolecularData(s: MolecularDataSelection, detailed: boolean, value: Fragment): Fragment {
  const { from, where, order } = plan(s);
  const gene = detailed ? sql`, struct_pack(entrez_gene_id := g.entrez_gene_id, hugo_gene_symbol := g.hugo_gene_symbol, type := g.type) AS gene` : sql``;
  return sql`
    SELECT unique_key(sa.sample_id, st.study_id) AS unique_sample_key, unique_key(pa.patient_id, st.study_id) AS unique_patient_key,
      v.entrez_gene_id, p.stable_id AS molecular_profile_id, sa.sample_id, pa.patient_id, st.study_id, ${value} AS value ${gene}
    FROM ${from} ${JOINS}
    WHERE ${where}
    ORDER BY ${order}`;
}

export async function fetchMolecularData(db: ReadOnlyDb, s: MolecularDataSelection, detailed: boolean): Promise<MolecularDataRow[]> {
  const rows = await db.all(selectMolecularData(s, detailed, sql`v.value`));
  const out: MolecularDataRow[] = [];
  for (const row of rows) {
    const value = normaliseMolecularValue(row.value as string);
    if (value === undefined) continue;
    row.value = value; // the rows are ours: no copy of a possibly large answer
    out.push(row as MolecularDataRow);
  }
  return out;
}

/**
 * The same answer's rows for Arrow: the cells' numbers (every row's is finite: plan() selects
 * those), normalised as fetchMolecularData normalises their text.
 */
export const molecularDataRows = (s: MolecularDataSelection, detailed: boolean): ArrowRows =>
  ({ query: selectMolecularData(s, detailed, sql`v.number`), numbers: { value: normaliseMolecularNumber } });

export async function countMolecularData(db: ReadOnlyDb, s: MolecularDataSelection): Promise<number> {
  const { from, where } = plan(s);
  const row = await db.one<{ n: number }>(sql`SELECT count(*)::INTEGER AS n FROM ${from} ${JOINS} WHERE ${where}`);
  return row?.n ?? 0;
}
