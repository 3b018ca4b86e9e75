// The Study View gene tables: mutated-genes, cna-genes and structuralvariant-genes
// (study-view.md 4.13-4.15, 7). Events come from genomic_event for the cohort's samples and pass
// the alterationFilter; "profiled" denominators come from sample_profile and the gene panels.
import { inCohort, type Cohort } from '../filter/compile.js';
import type { Db } from '../sql/db.js';
import { raw, sql, type Fragment } from '../sql/sql.js';
import { compileAlterationPredicate, type AlterationFilter, type EventKind as AlterationKind } from '../filter/alteration-filter.js';
import { cohortSampleKeys, membersOf } from './case-keys.js';
import type { ProfileMatrices } from './profile-matrix.js';
import { geneSampleEvents, type GeneSampleEvents } from './resident-lookups.js';

/** genetic_alteration_type of the profiles whose samples are "profiled" for each kind. */
const ALTERATION_TYPE: Record<AlterationKind, string> = {
  mutation: 'MUTATION_EXTENDED',
  cna: 'COPY_NUMBER_ALTERATION',
  structural_variant: 'STRUCTURAL_VARIANT',
};

export interface AlterationCountRow {
  entrez_gene_id: number;
  hugo_gene_symbol: string;
  number_of_altered_cases: number;
  number_of_altered_cases_on_panel: number;
  total_count: number;
  number_of_profiled_cases: number;
  matching_gene_panel_ids: string[];
  q_value: number | null;
  alteration?: number;
  cytoband?: string | null;
}

/**
 * Shared CTEs: fs = the cohort's samples; tp = their profiling rows of the kind's alteration type;
 * wes = samples profiled without a panel in any profile of that type (7); panel_n = profiling rows
 * per real panel in the first non-CONTINUOUS profile of the type per study (DISCRETE preferred).
 */
function profiledCtes(cohort: Cohort, kind: AlterationKind): Fragment {
  // Constant from ALTERATION_TYPE, never user input.
  const type = raw(`'${ALTERATION_TYPE[kind]}'`);
  return sql`
    fs AS (SELECT s.sample_key, s.study_key FROM sample s WHERE ${inCohort(cohort, 's')}),
    tp AS (
      SELECT sp.sample_key, sp.profile_key, sp.panel_key FROM sample_profile sp
      JOIN molecular_profile mp USING (profile_key)
      WHERE mp.genetic_alteration_type = ${type} AND ${inCohort(cohort, 'sp')}),
    first_profile AS (
      SELECT arg_min(profile_key, (datatype <> 'DISCRETE', profile_key)) AS profile_key FROM molecular_profile
      WHERE genetic_alteration_type = ${type} AND datatype <> 'CONTINUOUS' AND study_key IN (SELECT study_key FROM fs)
      GROUP BY study_key),
    wes AS (SELECT count(DISTINCT sample_key)::INTEGER AS n FROM tp WHERE panel_key IS NULL),
    panel_n AS (
      SELECT panel_key, count(*) AS n FROM tp
      WHERE panel_key IS NOT NULL AND profile_key IN (SELECT profile_key FROM first_profile) GROUP BY panel_key),
    used_panels AS (SELECT DISTINCT panel_key FROM tp WHERE panel_key IS NOT NULL),
    single_study AS (SELECT min(study_key) AS study_key FROM fs HAVING count(DISTINCT study_key) = 1)`;
}

/**
 * The final projection over `genes` (hugo_gene_symbol, entrez_gene_id, altered, on_panel, total
 * [, alteration, cytoband]) and `q` (hugo_gene_symbol [, alteration], q_value).
 */
function finalSelect(extra: Fragment, qJoin: Fragment, order: Fragment): Fragment {
  return sql`
    profiled AS (
      SELECT gpg.entrez_gene_id, sum(pn.n) AS n FROM panel_n pn JOIN gene_panel_gene gpg USING (panel_key)
      WHERE gpg.entrez_gene_id IN (SELECT entrez_gene_id FROM genes) GROUP BY gpg.entrez_gene_id),
    matching AS (
      SELECT gpg.entrez_gene_id, list(gp.panel_id ORDER BY gp.panel_id) AS ids
      FROM used_panels u JOIN gene_panel_gene gpg USING (panel_key) JOIN gene_panel gp USING (panel_key)
      WHERE gpg.entrez_gene_id IN (SELECT entrez_gene_id FROM genes) GROUP BY gpg.entrez_gene_id)
    SELECT g.entrez_gene_id, g.hugo_gene_symbol,
      g.altered::INTEGER AS number_of_altered_cases, g.on_panel::INTEGER AS number_of_altered_cases_on_panel,
      g.total::INTEGER AS total_count,
      (coalesce(p.n, 0) + wes.n)::INTEGER AS number_of_profiled_cases,
      list_sort(coalesce(m.ids, []::VARCHAR[]) || CASE WHEN wes.n > 0 AND g.entrez_gene_id > 0 THEN ['WES'] ELSE []::VARCHAR[] END)
        AS matching_gene_panel_ids,
      q.q_value ${extra}
    FROM genes g CROSS JOIN wes
    LEFT JOIN profiled p USING (entrez_gene_id)
    LEFT JOIN matching m USING (entrez_gene_id)
    LEFT JOIN q ON ${qJoin}
    ORDER BY ${order}`;
}

/** Events of one kind passing the alterationFilter (and, for mutations, not UNCALLED), over genomic_event e. */
function passing(kind: AlterationKind, filter: AlterationFilter): Fragment {
  // Constant from AlterationKind, never user input.
  const variantType = raw(`'${kind}'`);
  const uncalled = kind === 'mutation' ? sql` AND e.status <> 'UNCALLED'` : sql``;
  return sql`e.variant_type = ${variantType}${uncalled} AND ${compileAlterationPredicate(filter, kind)}`;
}

/** The cohort's events of one kind passing the filter. */
function events(cohort: Cohort, kind: AlterationKind, filter: AlterationFilter): Fragment {
  return sql`SELECT e.* FROM genomic_event e WHERE ${passing(kind, filter)} AND ${inCohort(cohort, 'e')}`;
}

/** Per gene with events in the cohort: its altered samples, those with an event on their panel, and its events. */
interface GeneCounts {
  genes: number[];
  altered: number[];
  onPanel: number[];
  total: number[];
}

/** Counts the cohort's (sample keys') share of each gene's events. */
function countInCohort(events: GeneSampleEvents, cohortKeys: Int32Array): GeneCounts {
  const member = membersOf(cohortKeys);
  const counts: GeneCounts = { genes: [], altered: [], onPanel: [], total: [] };
  const { genes, offsets, samples } = events;
  for (let g = 0; g < genes.length; g++) {
    let altered = 0;
    let onPanel = 0;
    let total = 0;
    for (let i = offsets[g]; i < offsets[g + 1]; i++) {
      if (member[samples[i]] !== 1) continue;
      altered++;
      onPanel += events.onPanel[i];
      total += events.events[i];
    }
    if (altered === 0) continue;
    counts.genes.push(genes[g]);
    counts.altered.push(altered);
    counts.onPanel.push(onPanel);
    counts.total.push(total);
  }
  return counts;
}

/**
 * mutated-genes (mutation) and structuralvariant-genes (structural_variant): q-values from MutSig.
 * Events are counted per gene over the store's (gene, sample) pairs kept in memory (2,000,000
 * mutations of 272,000 samples: grouping them in DuckDB took ~85 ms a request); the rest is SQL.
 */
export async function fetchAlterationCountsByGene(
  db: Db, matrices: ProfileMatrices, cohort: Cohort, kind: 'mutation' | 'structural_variant', filter: AlterationFilter,
): Promise<AlterationCountRow[]> {
  const [events, cohortKeys] = await Promise.all([
    geneSampleEvents(db, matrices, passing(kind, filter)),
    cohortSampleKeys(db, matrices, cohort),
  ]);
  const counts = countInCohort(events, cohortKeys);
  return db.all<AlterationCountRow>(sql`
    WITH ${profiledCtes(cohort, kind)},
    by_entrez AS (
      SELECT unnest(${counts.genes}::INTEGER[]) AS entrez_gene_id, unnest(${counts.altered}::INTEGER[]) AS altered,
        unnest(${counts.onPanel}::INTEGER[]) AS on_panel, unnest(${counts.total}::BIGINT[]) AS total),
    -- Genes sharing a symbol are merged by summing (the reference's behaviour).
    genes AS (
      SELECT gn.hugo_gene_symbol, min(b.entrez_gene_id) AS entrez_gene_id,
        sum(b.altered) AS altered, sum(b.on_panel) AS on_panel, sum(b.total) AS total
      FROM by_entrez b JOIN gene gn USING (entrez_gene_id) GROUP BY gn.hugo_gene_symbol),
    q AS (
      SELECT gn.hugo_gene_symbol, min(ms.q_value) AS q_value FROM mutsig ms JOIN gene gn USING (entrez_gene_id)
      WHERE ms.study_key = (SELECT study_key FROM single_study) GROUP BY gn.hugo_gene_symbol),
    ${finalSelect(sql``, sql`q.hugo_gene_symbol = g.hugo_gene_symbol`, sql`g.total DESC, g.hugo_gene_symbol`)}`);
}

/**
 * cna-genes: grouped by (gene, alteration, cytoband of the study's reference genome), merged by
 * (symbol, alteration); q-values: the smallest GISTIC q per (symbol, +2 for AMP / -2 otherwise).
 */
export async function fetchCopyNumberCountsByGene(db: Db, cohort: Cohort, filter: AlterationFilter): Promise<AlterationCountRow[]> {
  return db.all<AlterationCountRow>(sql`
    WITH ${profiledCtes(cohort, 'cna')},
    by_entrez AS (
      SELECT e.entrez_gene_id, e.cna_alteration AS alteration, rg.cytoband, count(DISTINCT e.sample_key) AS altered,
        count(DISTINCT e.sample_key) FILTER (WHERE NOT e.off_panel) AS on_panel, count(*) AS total
      FROM (${events(cohort, 'cna', filter)}) e
      JOIN cancer_study cs USING (study_key)
      LEFT JOIN reference_genome r ON r.name = cs.reference_genome
      LEFT JOIN reference_genome_gene rg ON rg.entrez_gene_id = e.entrez_gene_id AND rg.reference_genome_id = r.reference_genome_id
      GROUP BY e.entrez_gene_id, e.cna_alteration, rg.cytoband),
    genes AS (
      SELECT gn.hugo_gene_symbol, b.alteration, min(b.entrez_gene_id) AS entrez_gene_id, min(b.cytoband) AS cytoband,
        sum(b.altered) AS altered, sum(b.on_panel) AS on_panel, sum(b.total) AS total
      FROM by_entrez b JOIN gene gn USING (entrez_gene_id) GROUP BY gn.hugo_gene_symbol, b.alteration),
    q AS (
      SELECT gn.hugo_gene_symbol, CASE WHEN r.amp THEN 2 ELSE -2 END AS alteration, min(r.q_value) AS q_value
      FROM gistic r JOIN gistic_gene gg USING (gistic_key) JOIN gene gn ON gn.entrez_gene_id = gg.entrez_gene_id
      WHERE r.study_key = (SELECT study_key FROM single_study) GROUP BY ALL),
    ${finalSelect(
      sql`, g.alteration::INTEGER AS alteration, g.cytoband`,
      sql`q.hugo_gene_symbol = g.hugo_gene_symbol AND q.alteration = g.alteration`,
      sql`g.total DESC, g.hugo_gene_symbol, g.alteration`,
    )}`);
}
