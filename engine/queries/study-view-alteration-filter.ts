// The StudyViewFilter's alterationFilter (study-view.md 3.15) compiled to a condition on
// genomic_event rows (alias `e`). It never restricts samples, only the events the gene tables
// count. Mirrors cBioPortal's column-store gate: for mutated-genes and cna-genes the clause is
// added only when some selection is partial (or the type selection is not "all").
import { raw, sql, type Fragment } from '../sql/sql.js';

export interface AlterationFilter {
  mutationEventTypes?: Record<string, boolean>;
  copyNumberAlterationEventTypes?: Record<string, boolean>;
  structuralVariants?: boolean | null;
  includeDriver?: boolean;
  includeVUS?: boolean;
  includeUnknownOncogenicity?: boolean;
  includeGermline?: boolean;
  includeSomatic?: boolean;
  includeUnknownStatus?: boolean;
  includeUnknownTier?: boolean;
  tiersBooleanMap?: Record<string, boolean>;
}

/** Which events a gene table counts: the rules of 3.15 that apply to it differ. */
export type AlterationKind = 'mutation' | 'cna' | 'structural_variant';

type Selection = 'all' | 'none' | 'partial';

const TRUE = raw('TRUE');
const FALSE = raw('FALSE');

/** CNA type keys and the discrete values they stand for. */
const CNA_CODES: Record<string, number> = { AMP: 2, GAIN: 1, DIPLOID: 0, HETLOSS: -1, HOMDEL: -2 };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Reads an alterationFilter defensively: non-boolean flags count as absent (default true). */
export function toAlterationFilter(value: unknown): AlterationFilter {
  if (!isRecord(value)) return {};
  const flags = (m: unknown): Record<string, boolean> | undefined =>
    isRecord(m) ? Object.fromEntries(Object.entries(m).filter((e): e is [string, boolean] => typeof e[1] === 'boolean')) : undefined;
  const flag = (k: string) => (typeof value[k] === 'boolean' ? (value[k] as boolean) : undefined);
  return {
    mutationEventTypes: flags(value.mutationEventTypes),
    copyNumberAlterationEventTypes: flags(value.copyNumberAlterationEventTypes),
    includeDriver: flag('includeDriver'),
    includeVUS: flag('includeVUS'),
    includeUnknownOncogenicity: flag('includeUnknownOncogenicity'),
    includeGermline: flag('includeGermline'),
    includeSomatic: flag('includeSomatic'),
    includeUnknownStatus: flag('includeUnknownStatus'),
    includeUnknownTier: flag('includeUnknownTier'),
    tiersBooleanMap: flags(value.tiersBooleanMap),
  };
}

function selection(flags: boolean[]): Selection {
  if (flags.every(Boolean)) return 'all';
  return flags.some(Boolean) ? 'partial' : 'none';
}

/** Flags of one rule: all → no restriction, none → nothing passes, else the OR of the chosen branches. */
function flagClause(sel: Selection, branches: [boolean, Fragment][]): Fragment {
  if (sel === 'all') return TRUE;
  if (sel === 'none') return FALSE;
  const chosen = branches.filter(([on]) => on).map(([, cond]) => cond);
  return sql`(${chosen.reduce((a, b) => sql`${a} OR ${b}`)})`;
}

// Driver annotation: Putative_Driver, Putative_Passenger, or unknown (NULL, '', 'NA', 'unknown').
function driver(f: AlterationFilter) {
  const d = f.includeDriver ?? true, v = f.includeVUS ?? true, u = f.includeUnknownOncogenicity ?? true;
  const sel = selection([d, v, u]);
  return {
    sel,
    clause: flagClause(sel, [
      [d, sql`lower(e.driver_filter) = 'putative_driver'`],
      [v, sql`lower(e.driver_filter) = 'putative_passenger'`],
      [u, sql`(e.driver_filter IS NULL OR lower(e.driver_filter) IN ('', 'na', 'unknown'))`],
    ]),
  };
}

// Status (mutations and SVs): contains 'germline', equals 'somatic', or anything else.
function status(f: AlterationFilter) {
  const g = f.includeGermline ?? true, s = f.includeSomatic ?? true, u = f.includeUnknownStatus ?? true;
  const sel = selection([g, s, u]);
  const germline = sql`contains(lower(e.status), 'germline')`;
  const somatic = sql`lower(e.status) = 'somatic'`;
  return {
    sel,
    clause: flagClause(sel, [[g, germline], [s, somatic], [u, sql`NOT (${germline} OR ${somatic})`]]),
  };
}

// Tiers: exact tier names set to true, or [includeUnknownTier] NULL/''/'na'/'unknown'.
// Quirk kept from the reference: an absent or empty map never restricts (even with
// includeUnknownTier false), and then does not count as a partial selection.
function tiers(f: AlterationFilter) {
  const map = f.tiersBooleanMap ?? {};
  const unknown = f.includeUnknownTier ?? true;
  const chosen = Object.entries(map).filter(([, on]) => on).map(([tier]) => tier);
  const entries = Object.keys(map).length;
  const sel: Selection = chosen.length === entries && unknown ? 'all' : chosen.length === 0 && !unknown ? 'none' : 'partial';
  if (entries === 0) return { sel, clause: TRUE };
  const known = sql`e.driver_tiers_filter IN (SELECT unnest(${chosen}::VARCHAR[]))`;
  return {
    sel,
    clause: flagClause(sel, [
      [chosen.length > 0, known],
      [unknown, sql`(e.driver_tiers_filter IS NULL OR lower(e.driver_tiers_filter) IN ('', 'na', 'unknown'))`],
    ]),
  };
}

// Mutation types (lower-cased Variant_Classification against the map's keys).
function mutationTypes(f: AlterationFilter): { sel: Selection; clause: Fragment } {
  const map = f.mutationEventTypes ?? {};
  const types = Object.entries(map).filter(([k]) => k !== 'any');
  if (Object.keys(map).length === 0 || map.any === true || types.every(([, on]) => on)) return { sel: 'all', clause: TRUE };
  if (map.other === true) {
    const off = types.filter(([, on]) => !on).map(([k]) => k);
    return { sel: 'partial', clause: sql`lower(e.mutation_type) NOT IN (SELECT unnest(${off}::VARCHAR[]))` };
  }
  const on = types.filter(([, v]) => v).map(([k]) => k);
  if (on.length === 0) return { sel: 'none', clause: FALSE };
  return { sel: 'partial', clause: sql`lower(e.mutation_type) IN (SELECT unnest(${on}::VARCHAR[]))` };
}

// CNA types: keep events whose value is the code of a key set to true.
function cnaTypes(f: AlterationFilter): { sel: Selection; clause: Fragment } {
  const map = f.copyNumberAlterationEventTypes ?? {};
  const entries = Object.entries(map);
  if (entries.every(([, on]) => on)) return { sel: 'all', clause: TRUE };
  const codes = entries.filter(([k, on]) => on && k in CNA_CODES).map(([k]) => CNA_CODES[k]);
  if (codes.length === 0) return { sel: 'none', clause: FALSE };
  return { sel: 'partial', clause: sql`e.cna_alteration IN (SELECT unnest(${codes}::INTEGER[]))` };
}

/** The condition on `e` (genomic_event) selecting the events one gene table counts. */
export function compileAlterationFilter(f: AlterationFilter, kind: AlterationKind): Fragment {
  const d = driver(f), t = tiers(f);
  switch (kind) {
    case 'mutation': {
      const s = status(f), m = mutationTypes(f);
      const gate = d.sel === 'partial' || s.sel === 'partial' || t.sel === 'partial' || m.sel !== 'all';
      return gate ? sql`(${m.clause} AND ${d.clause} AND ${t.clause} AND ${s.clause})` : TRUE;
    }
    case 'cna': {
      const c = cnaTypes(f);
      const gate = d.sel === 'partial' || t.sel === 'partial' || c.sel !== 'all';
      return gate ? sql`(${c.clause} AND ${d.clause} AND ${t.clause})` : TRUE;
    }
    case 'structural_variant': {
      const s = status(f);
      return sql`(${d.clause} AND ${t.clause} AND ${s.clause})`;
    }
    default: {
      const never: never = kind;
      throw new Error(`unknown alteration kind ${String(never)}`);
    }
  }
}
