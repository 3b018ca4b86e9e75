// What the Study View gene tables (study-view-alterations.ts) count besides events, read once and
// kept with the other resident lookups (profile-matrix.ts `keep`; the store is read-only while
// served): the profiling rows of each alteration type, the gene panels' genes, MutSig's and
// GISTIC's q-values and the genes' cytobands. A cohort's "profiled" denominators are then one pass
// over its type's rows (the same joins in DuckDB took ~20 ms a request at 272,000 samples).
import { STUDY_VIEW_PROFILING } from '../filter/profiling.js';
import type { ReadOnlyDb } from '../sql/db.js';
import { sql } from '../sql/sql.js';
import { indexedByKey } from './case-keys.js';
import type { ProfileMatrices } from './profile-matrix.js';
import { BYTES_PER_ENTRY } from './resident-lookups.js';

/** The Study View's profiling rows (filter/profiling.ts) of one genetic_alteration_type's profiles. */
export interface ProfilingRows {
  samples: Int32Array;
  /** The row's panel key; -1: profiled without a panel (whole exome). */
  panels: Int32Array;
  /**
   * 1 when the row's profile is its study's first of the type that is not CONTINUOUS (DISCRETE
   * preferred, then the lowest key): only that profile's panels count towards the denominators (7).
   */
  first: Uint8Array;
}

/** `alterationType`: a genetic_alteration_type constant of the caller's, never user input. */
export function profilingRows(db: ReadOnlyDb, matrices: ProfileMatrices, alterationType: string): Promise<ProfilingRows> {
  return matrices.keep(`profiling rows ${alterationType}`, async () => {
    const [samples, panels, first] = await db.numericColumns(sql`
      WITH first_profile AS (
        SELECT arg_min(profile_key, (datatype <> 'DISCRETE', profile_key)) AS profile_key FROM molecular_profile
        WHERE genetic_alteration_type = ${alterationType} AND datatype <> 'CONTINUOUS' GROUP BY study_key)
      SELECT sp.sample_key::DOUBLE, coalesce(sp.panel_key, -1)::DOUBLE,
        (sp.profile_key IN (SELECT profile_key FROM first_profile))::INTEGER::DOUBLE
      FROM ${STUDY_VIEW_PROFILING} sp JOIN molecular_profile mp USING (profile_key) WHERE mp.genetic_alteration_type = ${alterationType}`);
    return { samples: Int32Array.from(samples), panels: Int32Array.from(panels), first: Uint8Array.from(first) };
  }, (rows) => rows.samples.byteLength + rows.panels.byteLength + rows.first.byteLength);
}

/** A cohort's profiling in one alteration type's profiles. */
export interface CohortProfiling {
  /** Samples profiled without a panel in any of the profiles. */
  wholeExome: number;
  /** Per panel key, the cohort's rows of the first profiles (ProfilingRows.first) on it. */
  onPanel: Map<number, number>;
  /** Panels the cohort was profiled on, in any of the profiles. */
  usedPanels: Set<number>;
}

/** `member`: 1 at the cohort's sample keys (case-keys.ts membersOf). */
export function cohortProfiling(rows: ProfilingRows, member: Uint8Array): CohortProfiling {
  const profiling: CohortProfiling = { wholeExome: 0, onPanel: new Map(), usedPanels: new Set() };
  const wholeExome = new Uint8Array(member.length);
  for (let i = 0; i < rows.samples.length; i++) {
    const sample = rows.samples[i];
    if (member[sample] !== 1) continue;
    const panel = rows.panels[i];
    if (panel < 0) {
      if (wholeExome[sample] === 0) profiling.wholeExome++;
      wholeExome[sample] = 1;
      continue;
    }
    profiling.usedPanels.add(panel);
    if (rows.first[i] === 1) profiling.onPanel.set(panel, (profiling.onPanel.get(panel) ?? 0) + 1);
  }
  return profiling;
}

/** The gene panels: each one's id, and the panels listing each gene (once per gene_panel_gene row). */
export interface GenePanels {
  idOf: Map<number, string>;
  panelsOfGene: Map<number, number[]>;
}

export function genePanels(db: ReadOnlyDb, matrices: ProfileMatrices): Promise<GenePanels> {
  return matrices.keep('gene panels', async () => {
    const panels: GenePanels = { idOf: new Map(), panelsOfGene: new Map() };
    for (const row of await db.all<{ panel_key: number; panel_id: string }>(sql`SELECT panel_key, panel_id FROM gene_panel`)) {
      panels.idOf.set(row.panel_key, row.panel_id);
    }
    const [keys, genes] = await db.numericColumns(sql`SELECT panel_key::DOUBLE, entrez_gene_id::DOUBLE FROM gene_panel_gene`);
    genes.forEach((gene, i) => {
      const of = panels.panelsOfGene.get(gene);
      if (of === undefined) panels.panelsOfGene.set(gene, [keys[i]]);
      else of.push(keys[i]);
    });
    return panels;
  }, (p) => BYTES_PER_ENTRY * (p.idOf.size + p.panelsOfGene.size) + 8 * [...p.panelsOfGene.values()].reduce((n, l) => n + l.length, 0));
}

/** Per study key, MutSig's smallest q-value per gene symbol. */
export function mutsigQValues(db: ReadOnlyDb, matrices: ProfileMatrices): Promise<QValues> {
  return matrices.keep('mutsig q-values', async () => qValuesByStudy(await db.all<{ study_key: number; key: string; q_value: number | null }>(sql`
    SELECT ms.study_key, gn.hugo_gene_symbol AS key, min(ms.q_value) AS q_value FROM mutsig ms JOIN gene gn USING (entrez_gene_id) GROUP BY ALL`)),
  qValuesBytes);
}

/** Per study key, GISTIC's smallest q-value per gene symbol and direction (`${symbol} ${±2}`: 2 amplified, -2 deleted). */
export function gisticQValues(db: ReadOnlyDb, matrices: ProfileMatrices): Promise<QValues> {
  return matrices.keep('gistic q-values', async () => qValuesByStudy(await db.all<{ study_key: number; key: string; q_value: number | null }>(sql`
    SELECT r.study_key, gn.hugo_gene_symbol || CASE WHEN r.amp THEN ' 2' ELSE ' -2' END AS key, min(r.q_value) AS q_value
    FROM gistic r JOIN gistic_gene gg USING (gistic_key) JOIN gene gn ON gn.entrez_gene_id = gg.entrez_gene_id GROUP BY ALL`)),
  qValuesBytes);
}

/** Per study key, q-values by gene (and direction). */
export type QValues = Map<number, Map<string, number>>;

function qValuesByStudy(rows: readonly { study_key: number; key: string; q_value: number | null }[]): QValues {
  const byStudy: QValues = new Map();
  for (const row of rows) {
    if (row.q_value === null) continue;
    let study = byStudy.get(row.study_key);
    if (study === undefined) byStudy.set(row.study_key, (study = new Map()));
    study.set(row.key, row.q_value);
  }
  return byStudy;
}

const qValuesBytes = (q: QValues) => BYTES_PER_ENTRY * [...q.values()].reduce((n, study) => n + study.size, 0);

/** Genes' cytobands in each study's reference genome. */
export interface GeneCytobands {
  /** Each study's reference_genome_id, by study key (-1: none). */
  genomeOfStudy: Int32Array;
  /** Per reference_genome_id, each gene's cytoband (the seed table has one row per gene and genome). */
  ofGenome: Map<number, Map<number, string>>;
}

export function geneCytobands(db: ReadOnlyDb, matrices: ProfileMatrices): Promise<GeneCytobands> {
  return matrices.keep('gene cytobands', async () => {
    const [studies, genomes] = await db.numericColumns(sql`
      SELECT cs.study_key::DOUBLE, coalesce(r.reference_genome_id, -1)::DOUBLE
      FROM cancer_study cs LEFT JOIN reference_genome r ON r.name = cs.reference_genome`);
    const ofGenome = new Map<number, Map<number, string>>();
    for await (const rows of db.stream<{ reference_genome_id: number; entrez_gene_id: number; cytoband: string }>(sql`
      SELECT reference_genome_id, entrez_gene_id, cytoband FROM reference_genome_gene WHERE cytoband IS NOT NULL`)) {
      for (const row of rows) {
        let genome = ofGenome.get(row.reference_genome_id);
        if (genome === undefined) ofGenome.set(row.reference_genome_id, (genome = new Map()));
        genome.set(row.entrez_gene_id, row.cytoband);
      }
    }
    return { genomeOfStudy: indexedByKey(studies, (i) => genomes[i]), ofGenome };
  }, (c) => c.genomeOfStudy.byteLength + BYTES_PER_ENTRY * [...c.ofGenome.values()].reduce((n, genome) => n + genome.size, 0));
}
