// A cohort's sample keys computed in memory from the resident lookups, for a filter nobody sent
// before: DuckDB took ~1 s to join 272,000 samples with their clinical values for one new AGE
// range, where one pass over the attribute's resident column takes about a millisecond.
// - The base set (3.3) comes from the case keys; an unresolved identifier list, from DuckDB.
// - A clinical data item is decided per distinct value of the attribute, by DuckDB, with the
//   item's own SQL condition (engine/filter/values.ts): the semantics stay in one place, and a
//   request costs one small query over the distinct values instead of a join over the samples.
// - A gene filter reads each profile's events by gene and CNA alteration, kept per profile.
// - Any other item is read from DuckDB as its sample set (its SQL of compile.ts).
// The keys equal those of the compiled SQL (test/server/cohort-keys.test.ts compares them).
import type { ResidentCohort } from '../filter/cohort-cache.js';
import type { CohortPlan, PlannedItem } from '../filter/compile.js';
import { CNA_CODES, type ClinicalDataFilter, type GeneFilter } from '../filter/normalize.js';
import { itemMatch } from '../filter/values.js';
import type { ReadOnlyDb } from '../sql/db.js';
import { raw, sql, type Fragment } from '../sql/sql.js';
import { caseKeys, sampleStudies } from './case-keys.js';
import { attributeDefinitions, clinicalColumn } from './clinical-columns.js';
import type { ProfileMatrices } from './profile-matrix.js';
import { BYTES_PER_ENTRY, geneSampleEvents, geneSymbols, type GeneSampleEvents, type GeneSymbols } from './resident-lookups.js';

/** Whether one sample key (of the cohort so far) is in an item's set. */
type KeyTest = (key: number) => boolean;

/** The cohort of a plan: its sample keys ascending, and its studies when it holds every sample of them. */
export async function cohortKeys(db: ReadOnlyDb, matrices: ProfileMatrices, plan: CohortPlan): Promise<ResidentCohort> {
  let keys = await baseKeys(db, matrices, plan);
  for (const planned of plan.items) {
    if (keys.length === 0) break;
    const test = await residentTest(db, matrices, planned);
    keys = test === undefined
      ? intersection(keys, await keysOf(db, planned.set))
      : keys.filter((key) => test(key) !== planned.negated);
  }
  return { keys, wholeStudyKeys: wholeStudies(keys, await sampleStudies(db, matrices)) };
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
    // Both given: the intersection (a key of the list outside studyIds is unmarked again).
    const mark = base.studyIds === undefined ? 1 : 2;
    identifiers.firsts.forEach((first, i) => {
      for (let key = first; key <= identifiers.lasts[i] && key < member.length; key++) if (member[key] === mark - 1) member[key] = mark;
    });
    return markedKeys(member, mark);
  }
  return markedKeys(member, 1);
}

/** The item's test in memory, where its block has one; undefined: read its set from DuckDB. */
function residentTest(db: ReadOnlyDb, matrices: ProfileMatrices, { item }: PlannedItem): Promise<KeyTest | undefined> {
  switch (item.block) {
    case 'clinicalDataFilters': return clinicalTest(db, matrices, item.filter);
    case 'geneFilters': return geneTest(db, matrices, item.filter);
    default: return Promise.resolve(undefined);
  }
}

/**
 * A clinical data item (3.4): each distinct value of the attribute (and no value) is decided once
 * by the item's SQL condition, both for a sample whose study defines the attribute and for one
 * whose study does not (an all-null value object matches "has a row" only).
 */
async function clinicalTest(db: ReadOnlyDb, matrices: ProfileMatrices, filter: ClinicalDataFilter): Promise<KeyTest> {
  const [column, definitions, studyOf] = await Promise.all([
    clinicalColumn(db, matrices, filter.attributeId), attributeDefinitions(db, matrices), sampleStudies(db, matrices),
  ]);
  const defined = new Set((definitions.get(filter.attributeId) ?? []).map((d) => d.study));
  const matches = (present: string) => sql`coalesce(${itemMatch(raw('v'), filter.values, raw(present))}, false)::INTEGER::DOUBLE`;
  // Position i + 1 decides names[i]; position 0, no value.
  const [positions, ifDefined, ifNot] = await db.numericColumns(sql`
    SELECT (i + 1)::DOUBLE, ${matches('TRUE')}, ${matches('FALSE')}
    FROM (SELECT unnest(range(len(l))) AS i, unnest(l) AS v FROM (SELECT ${column.names}::VARCHAR[] AS l) UNION ALL SELECT -1, NULL)`);
  const whenDefined = new Uint8Array(column.names.length + 1);
  const whenNot = new Uint8Array(column.names.length + 1);
  positions.forEach((position, i) => {
    whenDefined[position] = ifDefined[i];
    whenNot[position] = ifNot[i];
  });
  const { categories } = column;
  return (key) => {
    const position = key < categories.length ? categories[key] + 1 : 0;
    return (defined.has(studyOf[key]) ? whenDefined : whenNot)[position] === 1;
  };
}

/**
 * A gene filter (3.6): every inner list has a sample event of one of its genes (and, where given,
 * CNA alterations) in one of the filter's profiles. Symbols are compared upper-cased as the SQL
 * does; a symbol beyond ASCII (where JavaScript's and DuckDB's upper case may differ) goes to DuckDB.
 */
async function geneTest(db: ReadOnlyDb, matrices: ProfileMatrices, filter: GeneFilter): Promise<KeyTest | undefined> {
  const queries = filter.geneQueries.flat();
  if (queries.some((q) => q.hugoGeneSymbol !== undefined && !/^[\x20-\x7e]*$/.test(q.hugoGeneSymbol))) return undefined;
  const [bySymbol, profileKeyOf, studyOf] = await Promise.all([
    geneSymbols(db, matrices).then(entrezIdsBySymbol), profileKeys(db, matrices), sampleStudies(db, matrices),
  ]);
  const profiles = [...new Set(filter.molecularProfileIds)].flatMap((id) => profileKeyOf.get(id) ?? []);
  const events = await Promise.all(profiles.map((key) => geneSampleEvents(db, matrices, sql`e.profile_key = ${key}`, { byAlteration: true })));
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
  return (key) => groups.every((member) => member[key] === 1);
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

/** The study keys of the cohort when it holds every sample of each of its studies (none: undefined). */
function wholeStudies(keys: Int32Array, studyOf: Int32Array): number[] | undefined {
  if (keys.length === 0) return undefined;
  const held = new Map<number, number>();
  for (const key of keys) held.set(studyOf[key], (held.get(studyOf[key]) ?? 0) + 1);
  const all = new Map<number, number>();
  for (const study of studyOf) if (held.has(study)) all.set(study, (all.get(study) ?? 0) + 1);
  for (const [study, count] of held) if (all.get(study) !== count) return undefined;
  return [...held.keys()].sort((a, b) => a - b);
}
