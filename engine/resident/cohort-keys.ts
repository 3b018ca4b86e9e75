// A cohort's sample keys computed in memory from the resident lookups, for a filter nobody sent
// before: DuckDB took ~1 s to join 272,000 samples with their clinical values for one new AGE
// range, where one pass over the attribute's resident column takes about a millisecond.
// - The base set (3.3) comes from the case keys; an unresolved identifier list, from DuckDB.
// - A clinical data item is decided per distinct value of the attribute, by DuckDB, with the
//   item's own SQL condition (engine/filter/values.ts): the semantics stay in one place, and a
//   request costs one small query over the distinct values instead of a join over the samples.
//   Categorical items over ASCII texts are decided in memory (values.ts `categoricalMatcher`).
// - A gene filter reads each profile's events by gene and CNA alteration, kept per profile.
// - Any other item is read from DuckDB as its sample set (its SQL of compile.ts).
// The keys equal those of the compiled SQL (test/engine/cohort-keys.test.ts compares them).
import type { ResidentCohort } from '../filter/cohort-cache.js';
import type { CohortPlan, PlannedItem } from '../filter/compile.js';
import { CNA_CODES, type ClinicalDataFilter, type GeneFilter } from '../filter/normalize.js';
import { categoricalMatcher, itemMatch } from '../filter/values.js';
import type { ReadOnlyDb } from '../sql/db.js';
import { raw, sql, type Fragment } from '../sql/sql.js';
import { caseKeys, sampleStudies } from './case-keys.js';
import { attributeDefinitions, clinicalColumn } from './clinical-columns.js';
import type { ProfileMatrices } from './profile-matrix.js';
import { BYTES_PER_ENTRY, geneSampleEvents, geneSymbols, type GeneSampleEvents, type GeneSymbols } from './resident-lookups.js';

/** The keys (ascending) in an item's set, or (`negated`, resident items only) not in it: a loop over typed arrays, no call per key. */
type Narrow = (keys: Int32Array, negated: boolean) => Int32Array;

/** The cohort of a plan: its sample keys ascending, and its studies when it holds every sample of them. */
export async function cohortKeys(db: ReadOnlyDb, matrices: ProfileMatrices, plan: CohortPlan): Promise<ResidentCohort> {
  // Every item's set at once (their queries run side by side), then the intersection in turn.
  const [base, ...narrows] = await Promise.all([
    baseKeys(db, matrices, plan),
    ...plan.items.map(async (planned): Promise<Narrow> => {
      const narrow = await residentNarrow(db, matrices, planned);
      if (narrow !== undefined) return narrow;
      const set = await keysOf(db, planned.set);
      return (keys) => intersection(keys, set);
    }),
  ]);
  let keys = base;
  plan.items.forEach((planned, i) => (keys = narrows[i](keys, planned.negated)));
  const [studyOf, studySizes] = await Promise.all([sampleStudies(db, matrices), studySampleCounts(db, matrices)]);
  return { keys, wholeStudyKeys: wholeStudies(keys, studyOf, studySizes) };
}

async function baseKeys(db: ReadOnlyDb, matrices: ProfileMatrices, { base, baseSet }: CohortPlan): Promise<Int32Array> {
  const identifiers = base.sampleIdentifiers;
  if (identifiers !== undefined && !('firsts' in identifiers)) return keysOf(db, baseSet);
  if (base.studyIds === undefined && identifiers === undefined) return new Int32Array(0);
  const cases = await caseKeys(db, matrices, 'sample');
  const member = new Uint8Array(cases.keyBound);
  if (base.studyIds !== undefined) {
    for (const id of base.studyIds) for (const key of cases.byStudy.get(id)?.keys ?? []) member[key] = 1;
  }
  if (identifiers !== undefined) {
    // Both given: the intersection (the list's keys outside studyIds are never marked 2).
    const mark = base.studyIds === undefined ? 1 : 2;
    identifiers.firsts.forEach((first, i) => {
      for (let key = first; key <= identifiers.lasts[i] && key < member.length; key++) if (member[key] === mark - 1) member[key] = mark;
    });
    return markedKeys(member, mark);
  }
  return markedKeys(member, 1);
}

/** The item's set in memory, where its block has one; undefined: read it from DuckDB. */
function residentNarrow(db: ReadOnlyDb, matrices: ProfileMatrices, { item }: PlannedItem): Promise<Narrow | undefined> {
  switch (item.block) {
    case 'clinicalDataFilters': return clinicalNarrow(db, matrices, item.filter);
    case 'geneFilters': return geneNarrow(db, matrices, item.filter);
    default: return Promise.resolve(undefined);
  }
}

/**
 * A clinical data item (3.4): each distinct value of the attribute (and no value) is decided once
 * by the item's SQL condition, both for a sample whose study defines the attribute and for one
 * whose study does not (an all-null value object matches "has a row" only).
 */
async function clinicalNarrow(db: ReadOnlyDb, matrices: ProfileMatrices, filter: ClinicalDataFilter): Promise<Narrow> {
  const [column, definitions, studyOf] = await Promise.all([
    clinicalColumn(db, matrices, filter.attributeId), attributeDefinitions(db, matrices), sampleStudies(db, matrices),
  ]);
  const studies = (definitions.get(filter.attributeId) ?? []).map((d) => d.study);
  const defines = new Uint8Array(Math.max(0, ...studies) + 1);
  for (const study of studies) defines[study] = 1;
  // Row (position + 1) * 2 + defined decides names[position] (position -1: no value).
  const decided = new Uint8Array((column.names.length + 1) * 2);
  const matcher = categoricalMatcher(filter.values);
  if (matcher !== undefined && column.printable) {
    [undefined, ...column.names].forEach((name, i) => (decided[i * 2] = decided[i * 2 + 1] = Number(matcher(name))));
  } else {
    // `p`: the study defines the attribute (an all-null value object matches "has a row").
    const [rows, matched] = await db.numericColumns(sql`
      SELECT ((i + 1) * 2 + p::INTEGER)::DOUBLE, coalesce(${itemMatch(raw('v'), filter.values, raw('p'))}, false)::INTEGER::DOUBLE
      FROM (SELECT unnest(range(len(l))) AS i, unnest(l) AS v FROM (SELECT ${column.names}::VARCHAR[] AS l) UNION ALL SELECT -1, NULL), (VALUES (true), (false)) t(p)`);
    rows.forEach((row, i) => (decided[row] = matched[i]));
  }
  const { categories } = column;
  return (keys, negated) => {
    const out = new Int32Array(keys.length);
    const want = negated ? 0 : 1;
    let n = 0;
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i];
      const study = studyOf[key];
      const row = (key < categories.length ? categories[key] + 1 : 0) * 2 + (study >= 0 && study < defines.length ? defines[study] : 0);
      if (decided[row] === want) out[n++] = key;
    }
    return out.subarray(0, n);
  };
}

/**
 * A gene filter (3.6): every inner list has a sample event of one of its genes (and, where given,
 * CNA alterations) in one of the filter's profiles. Symbols are compared upper-cased as the SQL
 * does; a symbol beyond ASCII (where JavaScript's and DuckDB's upper case may differ) goes to DuckDB.
 */
async function geneNarrow(db: ReadOnlyDb, matrices: ProfileMatrices, filter: GeneFilter): Promise<Narrow | undefined> {
  const queries = filter.geneQueries.flat();
  if (queries.some((q) => q.hugoGeneSymbol !== undefined && !/^[\x20-\x7e]*$/.test(q.hugoGeneSymbol))) return undefined;
  const [bySymbol, profileKeyOf, studyOf] = await Promise.all([
    geneSymbols(db, matrices).then(entrezIdsBySymbol), profileKeys(db, matrices), sampleStudies(db, matrices),
  ]);
  const profiles = [...new Set(filter.molecularProfileIds)].flatMap((id) => profileKeyOf.get(id) ?? []);
  const events = await Promise.all(profiles.map((key) => geneSampleEvents(db, matrices, sql`e.profile_key = ${key}`, { byAlteration: true, dependsOn: matrices.dependsOnProfile(key) })));
  const groups = filter.geneQueries.map((anyOf) => {
    const member = new Uint8Array(studyOf.length);
    for (const profile of events) {
      for (const query of anyOf) {
        if (query.hugoGeneSymbol === undefined) continue; // matches nothing (the SQL's FALSE)
        const codes = query.alterations.map((a) => CNA_CODES[a]);
        for (const gene of bySymbol.get(query.hugoGeneSymbol.toUpperCase()) ?? []) markGene(profile, gene, codes, member);
      }
    }
    return member;
  });
  const all = groups[0];
  for (const group of groups.slice(1)) for (let key = 0; key < all.length; key++) all[key] &= group[key];
  return (keys, negated) => {
    const out = new Int32Array(keys.length);
    const want = negated ? 0 : 1;
    let n = 0;
    for (let i = 0; i < keys.length; i++) if (all[keys[i]] === want) out[n++] = keys[i];
    return out.subarray(0, n);
  };
}

/** Marks the samples of a gene's events (of these CNA alterations; none given: any event). */
function markGene(events: GeneSampleEvents, gene: number, codes: readonly number[], member: Uint8Array): void {
  for (let run = firstRun(events.genes, gene); run < events.genes.length && events.genes[run] === gene; run++) {
    if (codes.length > 0 && !codes.includes(events.alterations[run])) continue;
    for (let i = events.offsets[run]; i < events.offsets[run + 1]; i++) member[events.samples[i]] = 1;
  }
}

/** The first position of `value` in ascending `sorted` (or where it would go). */
function firstRun(sorted: Float64Array, value: number): number {
  let [low, high] = [0, sorted.length];
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle] < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Each symbol's Entrez ids, per symbols lookup (built when first asked for). */
const entrezIdsBySymbols = new WeakMap<GeneSymbols, Map<string, number[]>>();

function entrezIdsBySymbol(symbols: GeneSymbols): Map<string, number[]> {
  let ids = entrezIdsBySymbols.get(symbols);
  if (ids === undefined) {
    ids = new Map();
    for (const [gene, symbol] of symbols.ofGene) ids.set(symbol, [...(ids.get(symbol) ?? []), gene]);
    entrezIdsBySymbols.set(symbols, ids);
  }
  return ids;
}

/** Each molecular profile's key by its stable id. */
function profileKeys(db: ReadOnlyDb, matrices: ProfileMatrices): Promise<Map<string, number>> {
  return matrices.keep('profile keys', async () => new Map((await db.all<{ stable_id: string; profile_key: number }>(sql`
    SELECT stable_id, profile_key FROM molecular_profile`)).map((p) => [p.stable_id, p.profile_key])), (keys) => BYTES_PER_ENTRY * keys.size);
}

/** The distinct sample keys of a SQL set, ascending. */
async function keysOf(db: ReadOnlyDb, set: Fragment): Promise<Int32Array> {
  const [keys] = await db.numericColumns(sql`SELECT DISTINCT sample_key::DOUBLE FROM (${set}) WHERE sample_key IS NOT NULL ORDER BY 1`);
  return Int32Array.from(keys);
}

/** The keys of ascending `a` that ascending `b` holds too. */
function intersection(a: Int32Array, b: Int32Array): Int32Array {
  const out = new Int32Array(Math.min(a.length, b.length));
  let [i, j, n] = [0, 0, 0];
  while (i < a.length && j < b.length) {
    if (a[i] < b[j]) i++;
    else if (a[i] > b[j]) j++;
    else (out[n++] = a[i++]), j++;
  }
  return out.subarray(0, n);
}

/** The positions marked `mark`, ascending. */
function markedKeys(member: Uint8Array, mark: number): Int32Array {
  let count = 0;
  for (let key = 0; key < member.length; key++) if (member[key] === mark) count++;
  const keys = new Int32Array(count);
  for (let key = 0, n = 0; key < member.length; key++) if (member[key] === mark) keys[n++] = key;
  return keys;
}

/** Each study's sample count, by study key (read once and kept). */
function studySampleCounts(db: ReadOnlyDb, matrices: ProfileMatrices): Promise<Int32Array> {
  return matrices.keep('study sample counts', async () => {
    const studyOf = await sampleStudies(db, matrices);
    let bound = 0;
    for (const study of studyOf) if (study >= bound) bound = study + 1;
    const counts = new Int32Array(bound);
    for (const study of studyOf) if (study >= 0) counts[study]++;
    return counts;
  }, (counts) => counts.byteLength);
}

/** The study keys of the cohort when it holds every sample of each of its studies (none: undefined). */
function wholeStudies(keys: Int32Array, studyOf: Int32Array, studySizes: Int32Array): number[] | undefined {
  if (keys.length === 0) return undefined;
  const held = new Int32Array(studySizes.length);
  for (let i = 0; i < keys.length; i++) held[studyOf[keys[i]]]++;
  const studies: number[] = [];
  for (let study = 0; study < held.length; study++) {
    if (held[study] === 0) continue;
    if (held[study] !== studySizes[study]) return undefined;
    studies.push(study);
  }
  return studies;
}
