// structuralvariant-counts (study-view.md 4.16, Legacy), answered in memory. The structural
// variants passing an alterationFilter are read once per filter as (gene pair, sample, events)
// runs, and the profiling rows of the studies' first structural variant profiles once; a request
// then counts its cohort's share of each pair and of each panel in one pass. In DuckDB the same
// joins took ~35 ms a request at 272,000 samples, over 50 with a full sample list.
import { compileAlterationPredicate, type AlterationFilter } from '../filter/alteration-filter.js';
import type { Cohort } from '../filter/compile.js';
import type { ReadOnlyDb } from '../sql/db.js';
import { sql, type Fragment } from '../sql/sql.js';
import { cohortSampleKeys, membersOf, offsetsByKey } from '../resident/case-keys.js';
import { genePanels, type GenePanels } from '../resident/gene-table-lookups.js';
import type { ProfileMatrices } from '../resident/profile-matrix.js';
import { BYTES_PER_ENTRY, geneSymbols } from '../resident/resident-lookups.js';

export interface StructuralVariantCountRow {
  gene1EntrezGeneId: number | null;
  gene1HugoGeneSymbol: string | null;
  gene2EntrezGeneId: number | null;
  gene2HugoGeneSymbol: string | null;
  numberOfAlteredCases: number;
  totalCount: number;
  numberOfProfiledCases: number;
  matchingGenePanelIds: string[];
  uniqueEventKey: string;
}

/** The profiling rows of each study's first STRUCTURAL_VARIANT profile (its lowest key): the "cases". */
const FIRST_PROFILE_ROWS = sql`
  SELECT sp.* FROM sample_profile sp WHERE sp.profile_key IN (
    SELECT min(profile_key) FROM molecular_profile WHERE genetic_alteration_type = 'STRUCTURAL_VARIANT' GROUP BY study_key)`;

/** Per gene pair (site 1, site 2; null where a site has no gene), the cases with passing SVs. */
interface PairSampleEvents {
  /** In (site 1, site 2) order, nulls last, as DuckDB orders them. */
  pairs: { g1: number | null; g2: number | null }[];
  /** Pair i's cases are samples[offsets[i]] … samples[offsets[i + 1]]. */
  offsets: Int32Array;
  samples: Int32Array;
  /** The case's SVs of the pair (once per profiling row of the sample in the profile, as the join gives). */
  events: Int32Array;
}

function pairSampleEvents(db: ReadOnlyDb, matrices: ProfileMatrices, filter: AlterationFilter | undefined): Promise<PairSampleEvents> {
  const passing = compileAlterationPredicate(filter, 'structural_variant');
  const events: Fragment = sql`
    SELECT e.sample_key, e.g1, e.g2 FROM (
      SELECT sv.sample_key, sv.site1_entrez_gene_id AS g1, sv.site2_entrez_gene_id AS g2, sv.driver_filter, sv.driver_tiers_filter,
        coalesce(sv.sv_status, 'NA') AS status
      FROM structural_variant sv
      JOIN (${FIRST_PROFILE_ROWS}) c ON c.sample_key = sv.sample_key AND c.profile_key = sv.profile_key) e
    WHERE ${passing}`;
  return matrices.keep(`sv pair sample events ${passing.text} ${JSON.stringify(passing.params)}`, async () => {
    const [pairs, [pairOf, samples, counts]] = await Promise.all([
      db.all<{ g1: number | null; g2: number | null }>(sql`SELECT DISTINCT g1, g2 FROM (${events}) ORDER BY g1, g2`),
      db.numericColumns(sql`
        SELECT pair, sample_key::DOUBLE, count(*)::DOUBLE
        FROM (SELECT (dense_rank() OVER (ORDER BY g1, g2) - 1)::DOUBLE AS pair, sample_key FROM (${events}))
        GROUP BY ALL ORDER BY ALL`),
    ]);
    // Every pair has rows: one run each.
    return { pairs, offsets: offsetsByKey(pairOf), samples: Int32Array.from(samples), events: Int32Array.from(counts) };
  }, (e) => BYTES_PER_ENTRY * e.pairs.length + e.offsets.byteLength + e.samples.byteLength + e.events.byteLength);
}

/** The cases: distinct (sample, panel) rows; panel -1 where profiled without a panel. */
interface Cases {
  samples: Int32Array;
  panels: Int32Array;
}

function cases(db: ReadOnlyDb, matrices: ProfileMatrices): Promise<Cases> {
  return matrices.keep('sv count cases', async () => {
    const [samples, panels] = await db.numericColumns(sql`
      SELECT DISTINCT sample_key::DOUBLE, coalesce(panel_key, -1)::DOUBLE FROM (${FIRST_PROFILE_ROWS})`);
    return { samples: Int32Array.from(samples), panels: Int32Array.from(panels) };
  }, (c) => c.samples.byteLength + c.panels.byteLength);
}

/** The cohort's cases: all of them, those without a panel, and per panel. */
interface CohortCases {
  all: number;
  noPanel: number;
  onPanel: Map<number, number>;
}

function cohortCases(rows: Cases, member: Uint8Array): CohortCases {
  const counted: CohortCases = { all: 0, noPanel: 0, onPanel: new Map() };
  const seen = new Uint8Array(member.length);
  const seenNoPanel = new Uint8Array(member.length);
  for (let i = 0; i < rows.samples.length; i++) {
    const sample = rows.samples[i];
    if (member[sample] !== 1) continue;
    if (seen[sample] === 0) counted.all++;
    seen[sample] = 1;
    const panel = rows.panels[i];
    if (panel >= 0) counted.onPanel.set(panel, (counted.onPanel.get(panel) ?? 0) + 1);
    else if (seenNoPanel[sample] === 0) {
      counted.noPanel++;
      seenNoPanel[sample] = 1;
    }
  }
  return counted;
}

/**
 * The Legacy profiled rule (4.16): the cases on the panels listing either site's gene (a panel
 * listing both counts twice) plus those without a panel; without such a panel, those without a
 * panel, or when there are none, every case.
 */
function profiledCases(genes: readonly (number | null)[], counted: CohortCases, panels: GenePanels): { n: number; ids: string[] } {
  let onPanels = 0;
  const ids = new Set<string>();
  for (const gene of genes) {
    if (gene === null) continue;
    for (const panel of panels.panelsOfGene.get(gene) ?? []) {
      const n = counted.onPanel.get(panel);
      if (n === undefined) continue;
      onPanels += n;
      ids.add(panels.idOf.get(panel)!);
    }
  }
  if (ids.size > 0) return { n: onPanels + counted.noPanel, ids: [...ids].sort() };
  return { n: counted.noPanel > 0 ? counted.noPanel : counted.all, ids: [] };
}

/**
 * The cohort's SVs passing the alterationFilter, per (site 1, site 2) gene pair, merged by
 * uniqueEventKey (a missing symbol spelt "null", as the reference's string concatenation does)
 * under the smallest pair; ordered by totalCount desc, numberOfAlteredCases desc, then the key.
 */
export async function fetchStructuralVariantCounts(db: ReadOnlyDb, matrices: ProfileMatrices, cohort: Cohort, filter: AlterationFilter): Promise<StructuralVariantCountRow[]> {
  const [events, caseRows, keys, symbols, panels] = await Promise.all([
    pairSampleEvents(db, matrices, filter), cases(db, matrices), cohortSampleKeys(db, matrices, cohort), geneSymbols(db, matrices), genePanels(db, matrices),
  ]);
  const member = membersOf(keys);
  const merged = new Map<string, { g1: number | null; g2: number | null; altered: number; total: number }>();
  events.pairs.forEach(({ g1, g2 }, p) => {
    let altered = 0;
    let total = 0;
    for (let i = events.offsets[p]; i < events.offsets[p + 1]; i++) {
      if (member[events.samples[i]] !== 1) continue;
      altered++;
      total += events.events[i];
    }
    if (altered === 0) return;
    const key = `${symbolOf(g1, symbols.ofGene) ?? 'null'}::${symbolOf(g2, symbols.ofGene) ?? 'null'}`;
    // Pairs come in order, so a key's first pair is its smallest.
    const into = merged.get(key);
    if (into === undefined) merged.set(key, { g1, g2, altered, total });
    else {
      into.altered += altered;
      into.total += total;
    }
  });
  const counted = cohortCases(caseRows, member);
  const rows = [...merged].map(([key, { g1, g2, altered, total }]): StructuralVariantCountRow => {
    const profiled = profiledCases([g1, g2], counted, panels);
    return {
      gene1EntrezGeneId: g1, gene1HugoGeneSymbol: symbolOf(g1, symbols.ofGene),
      gene2EntrezGeneId: g2, gene2HugoGeneSymbol: symbolOf(g2, symbols.ofGene),
      numberOfAlteredCases: altered, totalCount: total,
      numberOfProfiledCases: profiled.n, matchingGenePanelIds: profiled.ids, uniqueEventKey: key,
    };
  });
  // Keys compare by code unit here, by UTF-8 byte in DuckDB: the same order for gene symbols.
  return rows.sort((a, b) => b.totalCount - a.totalCount || b.numberOfAlteredCases - a.numberOfAlteredCases
    || (a.uniqueEventKey < b.uniqueEventKey ? -1 : a.uniqueEventKey > b.uniqueEventKey ? 1 : 0));
}

function symbolOf(gene: number | null, ofGene: Map<number, string>): string | null {
  return gene === null ? null : ofGene.get(gene) ?? null;
}
