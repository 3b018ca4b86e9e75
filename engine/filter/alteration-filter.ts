// alterationFilter (study-view.md 3.15): not a sample filter; a predicate on genomic_event rows
// for the gene tables (mutated-genes, cna-genes, structuralvariant-genes/counts, enrichments).
// Types (mutations / CNA), driver annotation, tiers and status (mutations, SVs) as documented.
// The documented rules, not the reference's defects: the column store applies the mutation/CNA
// clauses only when some selection is partial (Appendix B quirk 14), so "all driver flags off"
// alone restricts nothing there, and an empty tier map with includeUnknownTier false restricts
// nothing (3.15); here "nothing passes" holds in both cases, as 3.15 says is intended.
import { raw, sql, type Fragment } from '../sql/sql.js';
import { CNA_CODES } from './normalize.js';

export interface AlterationFilter {
  mutationEventTypes?: Record<string, boolean> | null;
  copyNumberAlterationEventTypes?: Record<string, boolean> | null;
  structuralVariants?: boolean | null;
  includeDriver?: boolean | null;
  includeVUS?: boolean | null;
  includeUnknownOncogenicity?: boolean | null;
  includeGermline?: boolean | null;
  includeSomatic?: boolean | null;
  includeUnknownStatus?: boolean | null;
  includeUnknownTier?: boolean | null;
  tiersBooleanMap?: Record<string, boolean> | null;
}

export type EventKind = 'mutation' | 'cna' | 'structural_variant';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Reads a request's alterationFilter defensively: non-boolean flags count as absent (default true). */
export function readAlterationFilter(value: unknown): AlterationFilter {
  if (!isRecord(value)) return {};
  const flags = (m: unknown): Record<string, boolean> | undefined =>
    isRecord(m) ? Object.fromEntries(Object.entries(m).filter((e): e is [string, boolean] => typeof e[1] === 'boolean')) : undefined;
  const flag = (k: string) => (typeof value[k] === 'boolean' ? (value[k] as boolean) : undefined);
  return {
    mutationEventTypes: flags(value.mutationEventTypes),
    copyNumberAlterationEventTypes: flags(value.copyNumberAlterationEventTypes),
    structuralVariants: flag('structuralVariants'),
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

const flag = (b: boolean | null | undefined) => b !== false; // booleans default true
const or = (parts: Fragment[]) => (parts.length === 0 ? sql`FALSE` : sql`(${parts.reduce((a, b) => sql`${a} OR ${b}`)})`);

/** Mutation types (keys lower-case MutationEventType names; `any`, `other`). undefined = no restriction. */
function mutationTypes(e: Fragment, map: Record<string, boolean> | null | undefined): Fragment | undefined {
  const entries = Object.entries(map ?? {});
  const real = entries.filter(([k]) => k !== 'any');
  if (entries.length === 0 || map?.any === true || real.every(([, v]) => v)) return undefined;
  if (map?.other === true) {
    const off = real.filter(([, v]) => !v).map(([k]) => k.toLowerCase());
    return sql`lower(${e}.mutation_type) NOT IN (SELECT unnest(${off}::VARCHAR[]))`;
  }
  const on = real.filter(([, v]) => v).map(([k]) => k.toLowerCase());
  return sql`lower(${e}.mutation_type) IN (SELECT unnest(${on}::VARCHAR[]))`;
}

function cnaTypes(e: Fragment, map: Record<string, boolean> | null | undefined): Fragment | undefined {
  const entries = Object.entries(map ?? {});
  if (entries.every(([, v]) => v)) return undefined;
  const codes = entries.filter(([k, v]) => v && k in CNA_CODES).map(([k]) => CNA_CODES[k as keyof typeof CNA_CODES]);
  return sql`${e}.cna_alteration IN (SELECT unnest(${codes}::INTEGER[]))`;
}

function driver(e: Fragment, f: AlterationFilter): Fragment | undefined {
  const d = flag(f.includeDriver), v = flag(f.includeVUS), u = flag(f.includeUnknownOncogenicity);
  if (d && v && u) return undefined;
  const parts: Fragment[] = [];
  if (d) parts.push(sql`lower(${e}.driver_filter) = 'putative_driver'`);
  if (v) parts.push(sql`lower(${e}.driver_filter) = 'putative_passenger'`);
  if (u) parts.push(sql`(${e}.driver_filter IS NULL OR lower(${e}.driver_filter) IN ('unknown', 'na', ''))`);
  return or(parts);
}

function tiers(e: Fragment, f: AlterationFilter): Fragment | undefined {
  const map = Object.entries(f.tiersBooleanMap ?? {});
  const unknown = flag(f.includeUnknownTier);
  if (unknown && map.every(([, v]) => v)) return undefined;
  const on = map.filter(([, v]) => v).map(([k]) => k);
  const parts: Fragment[] = [];
  if (on.length > 0) parts.push(sql`${e}.driver_tiers_filter IN (SELECT unnest(${on}::VARCHAR[]))`);
  if (unknown) parts.push(sql`(${e}.driver_tiers_filter IS NULL OR lower(${e}.driver_tiers_filter) IN ('', 'na', 'unknown'))`);
  return or(parts);
}

function status(e: Fragment, f: AlterationFilter): Fragment | undefined {
  const g = flag(f.includeGermline), s = flag(f.includeSomatic), u = flag(f.includeUnknownStatus);
  if (g && s && u) return undefined;
  const germline = sql`contains(lower(${e}.status), 'germline')`;
  const somatic = sql`lower(${e}.status) = 'somatic'`;
  const parts: Fragment[] = [];
  if (g) parts.push(germline);
  if (s) parts.push(somatic);
  if (u) parts.push(sql`NOT (${germline} OR ${somatic})`);
  return or(parts);
}

/**
 * The predicate on genomic_event rows (alias `alias`, a constant of the caller) of one kind:
 * mutation → types, driver, tiers, status; cna → CNA types, driver, tiers; SV → driver, tiers, status.
 */
export function compileAlterationPredicate(filter: AlterationFilter | undefined, kind: EventKind, alias = 'e'): Fragment {
  if (filter === undefined) return sql`TRUE`;
  const e = raw(alias);
  const clauses = kind === 'mutation'
    ? [mutationTypes(e, filter.mutationEventTypes), driver(e, filter), tiers(e, filter), status(e, filter)]
    : kind === 'cna'
      ? [cnaTypes(e, filter.copyNumberAlterationEventTypes), driver(e, filter), tiers(e, filter)]
      : [driver(e, filter), tiers(e, filter), status(e, filter)];
  const used = clauses.filter((c): c is Fragment => c !== undefined);
  return used.length === 0 ? sql`TRUE` : used.reduce((a, b) => sql`${a} AND ${b}`);
}
