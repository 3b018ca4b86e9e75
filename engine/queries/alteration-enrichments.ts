// Alteration enrichments (api.md 23.1), as cBioPortal's column-store GetAlterationEnrichmentsUseCase:
// per group and gene symbol, the cases altered in the group's profiles and the cases whose gene
// panels (in those profiles) cover the gene; DuckDB counts, the pool tests (Fisher / chi-square).
import { compileAlterationPredicate, type AlterationFilter } from '../filter/alteration-filter.js';
import { NotFound } from '../errors.js';
import type { Db } from '../sql/db.js';
import { sql } from '../sql/sql.js';
import type { StatsPool } from '../stats/pool/pool.js';
import type { EnrichmentType } from './expression-enrichments.js';

export interface AlterationEnrichmentGroup {
  name: string;
  identifiers: readonly { molecularProfileId: string; caseId: string }[];
}

export interface CountSummary {
  name: string;
  alteredCount: number;
  profiledCount: number;
}

export interface AlterationEnrichment {
  entrezGeneId: number;
  hugoGeneSymbol: string;
  counts: CountSummary[];
  pValue: number;
}

/** Genes per pool task. */
const BATCH = 4096;

/**
 * A group's cases are its distinct (study of the profile, caseId); its profiles are the distinct
 * profiles it names, and every case is looked up in all of them (the reference keeps the two sets
 * apart). SAMPLE: a case is a sample; PATIENT: a patient, altered / profiled through any sample.
 * Events: mutations (not UNCALLED), CNA events and structural variants of the group's profiles
 * passing the alterationFilter per kind (engine/filter/alteration-filter.ts; the reference applies
 * every mutation/CNA clause to all rows, so that e.g. a status choice drops CNA events — not kept).
 * Profiled: the case has a profiling row in one of the profiles without panel (whole exome) or with
 * a panel holding the gene. Genes sharing a symbol are merged (altered counts summed, lowest entrez
 * id), as the reference keys by symbol. A group where the gene is not profiled counts 0 / 0, even
 * with events (the reference drops altered counts of unprofiled genes).
 */
export async function fetchAlterationEnrichments(
  db: Db, stats: StatsPool, groups: readonly AlterationEnrichmentGroup[], type: EnrichmentType, filter: AlterationFilter | undefined,
): Promise<AlterationEnrichment[]> {
  const k = groups.length;
  // The profiles named (a handful, however many cases): each case is taken in its profile's study.
  const named = new Set<string>();
  for (const g of groups) for (const c of g.identifiers) named.add(c.molecularProfileId);
  const profileIds = [...named].sort();
  const profiles = new Map((await db.all<{ stable_id: string; profile_key: number; study_key: number }>(sql`
    SELECT stable_id, profile_key, study_key FROM molecular_profile WHERE stable_id IN (SELECT unnest(${profileIds}::VARCHAR[]))`))
    .map((p) => [p.stable_id, p]));
  const missing = profileIds.find((id) => !profiles.has(id));
  if (missing !== undefined) throw NotFound.molecularProfile(missing);
  // Per case: its group, its profile's study and its id; per group: its distinct profiles.
  const grp: number[] = [];
  const studyKeys: number[] = [];
  const caseIds: string[] = [];
  const groupProfiles: [number, number][] = [];
  groups.forEach((g, i) => {
    const seen = new Set<number>();
    for (const { molecularProfileId, caseId } of g.identifiers) {
      const profile = profiles.get(molecularProfileId)!;
      grp.push(i);
      studyKeys.push(profile.study_key);
      caseIds.push(caseId);
      if (!seen.has(profile.profile_key)) groupProfiles.push([i, profile.profile_key]);
      seen.add(profile.profile_key);
    }
  });

  const cases = type === 'PATIENT'
    ? sql`SELECT DISTINCT gc.grp, s.sample_key, p.patient_key AS case_key FROM gc
        JOIN patient p ON p.study_key = gc.study_key AND p.patient_id = gc.case_id JOIN sample s ON s.patient_key = p.patient_key`
    : sql`SELECT DISTINCT gc.grp, s.sample_key, s.sample_key AS case_key FROM gc
        JOIN sample s ON s.study_key = gc.study_key AND s.sample_id = gc.case_id`;
  const rows = await db.all<{ entrez_gene_id: number; hugo_gene_symbol: string; altered: number[]; profiled: number[] }>(sql`
    WITH gp AS (SELECT unnest(${groupProfiles.map((p) => p[0])}::INTEGER[]) AS grp, unnest(${groupProfiles.map((p) => p[1])}::INTEGER[]) AS profile_key),
    gc AS (
      SELECT DISTINCT * FROM (
        SELECT unnest(${grp}::INTEGER[]) AS grp, unnest(${studyKeys}::INTEGER[]) AS study_key, unnest(${caseIds}::VARCHAR[]) AS case_id)),
    cs AS (${cases}),
    events AS (
      SELECT cs.grp, e.entrez_gene_id, count(DISTINCT cs.case_key) AS n
      FROM genomic_event e JOIN cs USING (sample_key) JOIN gp ON gp.grp = cs.grp AND gp.profile_key = e.profile_key
      WHERE e.status <> 'UNCALLED' AND CASE e.variant_type
        WHEN 'mutation' THEN ${compileAlterationPredicate(filter, 'mutation')}
        WHEN 'cna' THEN ${compileAlterationPredicate(filter, 'cna')}
        ELSE ${filter?.structuralVariants !== false} AND ${compileAlterationPredicate(filter, 'structural_variant')} END
      GROUP BY cs.grp, e.entrez_gene_id),
    altered AS (
      SELECT ev.grp, g.hugo_gene_symbol, min(ev.entrez_gene_id) AS entrez_gene_id, sum(ev.n) AS n
      FROM events ev JOIN gene g USING (entrez_gene_id) GROUP BY ev.grp, g.hugo_gene_symbol),
    symbols AS (SELECT hugo_gene_symbol, min(entrez_gene_id) AS entrez_gene_id FROM altered GROUP BY hugo_gene_symbol),
    panels AS (
      SELECT DISTINCT cs.grp, cs.case_key, sp.panel_key
      FROM cs JOIN sample_profile sp USING (sample_key) JOIN gp ON gp.grp = cs.grp AND gp.profile_key = sp.profile_key),
    wes AS (SELECT DISTINCT grp, case_key FROM panels WHERE panel_key IS NULL),
    wes_n AS (SELECT grp, count(*) AS n FROM wes GROUP BY grp),
    -- Cases profiled only by panels, counted per gene: cases are grouped by their set of panels
    -- first (a handful of sets), so that no row per case and gene is ever made.
    case_panels AS (
      SELECT grp, case_key, list(DISTINCT panel_key ORDER BY panel_key) AS panel_set FROM panels
      GROUP BY grp, case_key HAVING NOT bool_or(panel_key IS NULL)),
    panel_sets AS (SELECT grp, panel_set, count(*) AS n FROM case_panels GROUP BY grp, panel_set),
    set_symbols AS (
      SELECT DISTINCT ps.grp, ps.panel_set, ps.n, g.hugo_gene_symbol
      FROM panel_sets ps, unnest(ps.panel_set) AS u(panel_key)
      JOIN gene_panel_gene gpg ON gpg.panel_key = u.panel_key JOIN gene g USING (entrez_gene_id)
      WHERE g.hugo_gene_symbol IN (SELECT hugo_gene_symbol FROM symbols)),
    panel_n AS (SELECT grp, hugo_gene_symbol, sum(n) AS n FROM set_symbols GROUP BY grp, hugo_gene_symbol),
    counts AS (
      SELECT s.hugo_gene_symbol, s.entrez_gene_id, gr.grp,
        (coalesce(w.n, 0) + coalesce(pn.n, 0))::INTEGER AS profiled, coalesce(a.n, 0)::INTEGER AS altered
      FROM symbols s CROSS JOIN (SELECT unnest(range(${k})) AS grp) gr
      LEFT JOIN wes_n w ON w.grp = gr.grp
      LEFT JOIN panel_n pn ON pn.grp = gr.grp AND pn.hugo_gene_symbol = s.hugo_gene_symbol
      LEFT JOIN altered a ON a.grp = gr.grp AND a.hugo_gene_symbol = s.hugo_gene_symbol)
    SELECT hugo_gene_symbol, entrez_gene_id,
      list(CASE WHEN profiled > 0 THEN altered ELSE 0 END ORDER BY grp) AS altered, list(profiled ORDER BY grp) AS profiled
    FROM counts GROUP BY hugo_gene_symbol, entrez_gene_id
    HAVING bool_or(profiled > 0 AND altered > 0)
    ORDER BY hugo_gene_symbol`);

  const pending: Promise<AlterationEnrichment[]>[] = [];
  for (let at = 0; at < rows.length; at += BATCH) {
    const batch = rows.slice(at, at + BATCH);
    const altered = Int32Array.from(batch.flatMap((r) => r.altered));
    const profiled = Int32Array.from(batch.flatMap((r) => r.profiled));
    pending.push(stats.run('alterationEnrichmentPValues', { altered, profiled, groupCount: k }, [altered.buffer, profiled.buffer])
      .then((p) => batch.map((r, e) => ({
        entrezGeneId: r.entrez_gene_id,
        hugoGeneSymbol: r.hugo_gene_symbol,
        counts: groups.map((g, i) => ({ name: g.name, alteredCount: r.altered[i], profiledCount: r.profiled[i] })),
        pValue: p[e],
      }))));
  }
  return (await Promise.all(pending)).flat();
}
