// Alteration enrichments (api.md 23.1), as cBioPortal's column-store GetAlterationEnrichmentsUseCase:
// per group and gene symbol, the cases altered in the group's profiles and the cases whose gene
// panels (in those profiles) cover the gene; counted over lookups kept in memory, tested in the pool
// (Fisher / chi-square).
import type { AlterationFilter } from '../filter/alteration-filter.js';
import { NotFound } from '../errors.js';
import { pause } from '../pause.js';
import type { ReadOnlyDb } from '../sql/db.js';
import { join, sql } from '../sql/sql.js';
import type { StatsPool } from '../stats/pool/pool.js';
import type { EnrichmentType } from './expression-enrichments.js';
import type { ProfileMatrices } from '../resident/profile-matrix.js';
import { caseKeys, OrderedLookup, patientSamples } from '../resident/case-keys.js';
import { alteredSamples, geneSymbols, profiledSamples, type AlteredSamples, type ProfiledSamples } from '../resident/resident-lookups.js';

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

/** Case ids gathered, and samples counted, between two pauses of the event loop (engine/pause.ts). */
const IDS_PER_SLICE = 16_384;
const SAMPLES_PER_SLICE = 16_384;

/**
 * A group's cases are its distinct (study of the profile, caseId); its profiles are the distinct
 * profiles it names, and every case is looked up in all of them (the reference keeps the two sets
 * apart). SAMPLE: a case is a sample; PATIENT: a patient, altered / profiled through any sample.
 * Events: mutations (not UNCALLED), CNA events and structural variants of the group's profiles
 * passing the alterationFilter per kind (engine/filter/alteration-filter.ts; the reference applies
 * every mutation/CNA clause to all rows, so that e.g. a status choice drops CNA events — not kept).
 * Profiled: the case has a profiling row in one of the profiles without panel (whole exome) or with
 * a panel holding the gene. Genes sharing a symbol are merged (altered counts summed, lowest entrez
 * id), as the reference keys by symbol; genes without a symbol are left out. A group where the
 * gene is not profiled counts 0 / 0, even with events (the reference drops altered counts of
 * unprofiled genes). The case ids are resolved in memory (case-keys.ts), or by DuckDB when mostly
 * out of key order; the altered and profiled cases are counted here over lookups read once per
 * profile (resident-lookups.ts); the pool tests.
 */
export async function fetchAlterationEnrichments(
  db: ReadOnlyDb, stats: StatsPool, matrices: ProfileMatrices, groups: readonly AlterationEnrichmentGroup[], type: EnrichmentType,
  filter: AlterationFilter | undefined,
): Promise<AlterationEnrichment[]> {
  const k = groups.length;
  // Per group, the case ids named with each profile. Lists name one profile for long runs: its
  // list is looked up again only when the profile id changes.
  const idsByProfile = groups.map(() => new Map<string, string[]>());
  let n = 0;
  for (const [i, g] of groups.entries()) {
    let profileId: string | undefined;
    let ids: string[] = [];
    for (const { molecularProfileId, caseId } of g.identifiers) {
      if (++n % IDS_PER_SLICE === 0) await pause();
      if (molecularProfileId !== profileId) {
        profileId = molecularProfileId;
        ids = idsByProfile[i].get(profileId) ?? [];
        idsByProfile[i].set(profileId, ids);
      }
      ids.push(caseId);
    }
  }
  // The profiles named (a handful, however many cases): each case is taken in its profile's study.
  const profileIds = [...new Set(idsByProfile.flatMap((byProfile) => [...byProfile.keys()]))].sort();
  const profiles = new Map((await db.all<{ stable_id: string; profile_key: number; study_key: number; study_id: string }>(sql`
    SELECT m.stable_id, m.profile_key, m.study_key, c.study_id FROM molecular_profile m JOIN cancer_study c USING (study_key)
    WHERE m.stable_id IN (SELECT unnest(${profileIds}::VARCHAR[]))`))
    .map((p) => [p.stable_id, p]));
  const missing = profileIds.find((id) => !profiles.has(id));
  if (missing !== undefined) throw NotFound.molecularProfile(missing);
  // Per group: its distinct profiles, and its case ids by study (of the profile named with each).
  const profilesOf = idsByProfile.map((byProfile) => new Set([...byProfile.keys()].map((id) => profiles.get(id)!.profile_key)));
  const idsOf = idsByProfile.map((byProfile) => {
    const byStudy = new Map<number, StudyCaseIds>();
    for (const [id, ids] of byProfile) {
      const { study_key: key, study_id: studyId } = profiles.get(id)!;
      const study = byStudy.get(key);
      if (study === undefined) byStudy.set(key, { studyId, ids });
      else study.ids = study.ids.concat(ids);
    }
    return byStudy;
  });
  const [caseGroup, caseSample, caseKey] = await casesInMemory(db, matrices, idsOf, type) ?? await casesByDuckDb(db, idsOf, type);
  const symbols = await geneSymbols(db, matrices);

  const perGroup = await Promise.all(profilesOf.map(async (keys, g) => {
    const cases = casesOf(g, caseGroup, caseSample, caseKey);
    const [altered, profiled] = await Promise.all([
      Promise.all([...keys].map((key) => alteredSamples(db, matrices, key, filter))),
      Promise.all([...keys].map((key) => profiledSamples(db, matrices, key))),
    ]);
    return { altered: await countAltered(cases, altered, symbols.ofGene), profiled: await countProfiled(cases, profiled, symbols.ofPanel) };
  }));

  // Symbols altered in a group, by byte order (as DuckDB sorts); the lowest Entrez id of each.
  const entrezOf = new Map<string, number>();
  for (const { altered } of perGroup) for (const [symbol, { entrez }] of altered) entrezOf.set(symbol, Math.min(entrez, entrezOf.get(symbol) ?? Infinity));
  const rows = [...entrezOf.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)).flatMap((symbol) => {
    const profiled = perGroup.map((g) => g.profiled.wholeExome + (g.profiled.bySymbol.get(symbol) ?? 0));
    const altered = perGroup.map((g, i) => (profiled[i] > 0 ? g.altered.get(symbol)?.cases ?? 0 : 0));
    return altered.some((n) => n > 0) ? [{ entrez_gene_id: entrezOf.get(symbol)!, hugo_gene_symbol: symbol, altered, profiled }] : [];
  });

  const pending: Promise<AlterationEnrichment[]>[] = [];
  for (let at = 0; at < rows.length; at += BATCH) {
    const batch = rows.slice(at, at + BATCH);
    const alteredCounts = Int32Array.from(batch.flatMap((r) => r.altered));
    const profiledCounts = Int32Array.from(batch.flatMap((r) => r.profiled));
    pending.push(stats.run('alterationEnrichmentPValues', { altered: alteredCounts, profiled: profiledCounts, groupCount: k }, [alteredCounts.buffer, profiledCounts.buffer])
      .then((p) => batch.map((r, e) => ({
        entrezGeneId: r.entrez_gene_id,
        hugoGeneSymbol: r.hugo_gene_symbol,
        counts: groups.map((g, i) => ({ name: g.name, alteredCount: r.altered[i], profiledCount: r.profiled[i] })),
        pValue: p[e],
      }))));
  }
  return (await Promise.all(pending)).flat();
}

/** One study's case ids in a group. */
interface StudyCaseIds {
  studyId: string;
  ids: string[];
}

/**
 * (group, sample, case) of the cases found, a sample per row (each of a patient's samples, for
 * PATIENT), resolved in memory (case-keys.ts); undefined when the ids are mostly out of key order.
 */
async function casesInMemory(db: ReadOnlyDb, matrices: ProfileMatrices, idsOf: readonly Map<number, StudyCaseIds>[], type: EnrichmentType): Promise<Float64Array[] | undefined> {
  const lookup = new OrderedLookup(await caseKeys(db, matrices, type === 'PATIENT' ? 'patient' : 'sample'));
  const patients = type === 'PATIENT' ? await patientSamples(db, matrices) : undefined;
  const caseGroup: number[] = [];
  const caseSample: number[] = [];
  const caseKey: number[] = [];
  const found = (group: number, sample: number, key: number) => {
    caseGroup.push(group);
    caseSample.push(sample);
    caseKey.push(key);
  };
  let n = 0;
  for (const [group, byStudy] of idsOf.entries()) {
    for (const { studyId, ids } of byStudy.values()) {
      lookup.inStudy(studyId);
      for (const id of ids) {
        if (++n % IDS_PER_SLICE === 0) {
          if (lookup.disordered) return undefined;
          await pause();
        }
        const key = lookup.keyOf(id);
        if (key === undefined) continue;
        if (patients === undefined) found(group, key, key);
        else for (let j = patients.offsets[key]; j < (patients.offsets[key + 1] ?? 0); j++) found(group, patients.samples[j], key);
      }
    }
  }
  return lookup.disordered ? undefined : [caseGroup, caseSample, caseKey].map((column) => Float64Array.from(column));
}

/** The same, resolved by DuckDB (a join, off the event loop). */
function casesByDuckDb(db: ReadOnlyDb, idsOf: readonly Map<number, StudyCaseIds>[], type: EnrichmentType): Promise<Float64Array[]> {
  const parts = idsOf.flatMap((byStudy, i) => [...byStudy].map(([study, { ids }]) => sql`SELECT ${i} AS grp, ${study} AS study_key, unnest(${ids}::VARCHAR[]) AS case_id`));
  const gc = parts.length === 0
    ? sql`SELECT NULL::INTEGER AS grp, NULL::INTEGER AS study_key, NULL::VARCHAR AS case_id WHERE FALSE`
    : join(parts, ' UNION ALL '); // repeated ids: the DISTINCT of the join below drops them
  return db.numericColumns(type === 'PATIENT'
    ? sql`SELECT DISTINCT gc.grp::DOUBLE, s.sample_key::DOUBLE, p.patient_key::DOUBLE FROM (${gc}) gc
        JOIN patient p ON p.study_key = gc.study_key AND p.patient_id = gc.case_id JOIN sample s ON s.patient_key = p.patient_key`
    : sql`SELECT DISTINCT gc.grp::DOUBLE, s.sample_key::DOUBLE, s.sample_key::DOUBLE FROM (${gc}) gc
        JOIN sample s ON s.study_key = gc.study_key AND s.sample_id = gc.case_id`);
}

/** A group's cases: the case of each sample through which one is looked up (+1; 0: none). */
interface GroupCases {
  caseOf: Int32Array;
  /** Cases are numbered below this. */
  caseBound: number;
}

/** Group g's cases among the (group, sample, case) columns. */
function casesOf(g: number, caseGroup: Float64Array, caseSample: Float64Array, caseKey: Float64Array): GroupCases {
  const caseOf = new Int32Array(caseSample.reduce((m, s) => Math.max(m, s), 0) + 1);
  for (let i = 0; i < caseGroup.length; i++) if (caseGroup[i] === g) caseOf[caseSample[i]] = caseKey[i] + 1;
  return { caseOf, caseBound: caseKey.reduce((m, c) => Math.max(m, c), 0) + 1 };
}

/**
 * Per symbol, the group's distinct cases with an event of the gene in one of its profiles (genes
 * sharing a symbol: their counts summed), and the symbol's lowest Entrez id.
 */
async function countAltered(cases: GroupCases, profiles: readonly AlteredSamples[], symbolOf: Map<number, string>): Promise<Map<string, { cases: number; entrez: number }>> {
  // Each gene's samples in every profile, so that a case counts once per gene (marked with the gene's turn).
  const parts = new Map<number, [AlteredSamples, number][]>();
  for (const profile of profiles) {
    profile.genes.forEach((gene, i) => {
      const list = parts.get(gene);
      if (list === undefined) parts.set(gene, [[profile, i]]);
      else list.push([profile, i]);
    });
  }
  const turnOf = new Int32Array(cases.caseBound);
  let turn = 0;
  const bySymbol = new Map<string, { cases: number; entrez: number }>();
  let read = 0;
  for (const [gene, slices] of parts) {
    const symbol = symbolOf.get(gene);
    if (symbol === undefined) continue;
    if (read > SAMPLES_PER_SLICE) {
      read = 0;
      await pause();
    }
    turn++;
    let n = 0;
    for (const [profile, i] of slices) {
      read += profile.offsets[i + 1] - profile.offsets[i];
      for (let j = profile.offsets[i]; j < profile.offsets[i + 1]; j++) {
        const sample = profile.samples[j];
        const c = sample < cases.caseOf.length ? cases.caseOf[sample] - 1 : -1;
        if (c < 0 || turnOf[c] === turn) continue;
        turnOf[c] = turn;
        n++;
      }
    }
    if (n === 0) continue;
    const merged = bySymbol.get(symbol);
    bySymbol.set(symbol, { cases: (merged?.cases ?? 0) + n, entrez: Math.min(gene, merged?.entrez ?? Infinity) });
  }
  return bySymbol;
}

/**
 * The group's cases profiled without panel in one of its profiles (whole exome: every gene), and,
 * per symbol, its other cases profiled by a panel holding a gene of that symbol. Cases are grouped
 * by their set of panels first (a handful of sets), so that nothing is counted per case and gene.
 */
async function countProfiled(
  cases: GroupCases, profiles: readonly ProfiledSamples[], symbolsOfPanel: Map<number, string[]>,
): Promise<{ wholeExome: number; bySymbol: Map<string, number> }> {
  // Each case's panels: one (the usual case) in `single`, more in `several`; -1 none, -2 whole exome.
  const single = new Int32Array(cases.caseBound).fill(-1);
  const several = new Map<number, Set<number>>();
  const cased: number[] = [];
  for (const profile of profiles) {
    for (let i = 0; i < profile.samples.length; i++) {
      if (i % SAMPLES_PER_SLICE === SAMPLES_PER_SLICE - 1) await pause();
      const sample = profile.samples[i];
      const c = sample < cases.caseOf.length ? cases.caseOf[sample] - 1 : -1;
      if (c < 0) continue;
      const panel = Number.isNaN(profile.panels[i]) ? -2 : profile.panels[i];
      if (single[c] === -1) {
        single[c] = panel;
        cased.push(c);
      } else if (single[c] !== panel && single[c] !== -2) {
        if (panel === -2) single[c] = -2;
        else several.set(c, (several.get(c) ?? new Set([single[c]])).add(panel));
      }
    }
  }
  let wholeExome = 0;
  const casesOfPanelSet = new Map<string, { panels: number[]; cases: number }>();
  for (const c of cased) {
    if (single[c] === -2) {
      wholeExome++;
      continue;
    }
    const panels = several.has(c) ? [...several.get(c)!].sort((a, b) => a - b) : [single[c]];
    const key = panels.join(',');
    const entry = casesOfPanelSet.get(key) ?? { panels, cases: 0 };
    entry.cases++;
    casesOfPanelSet.set(key, entry);
  }
  const bySymbol = new Map<string, number>();
  for (const { panels, cases: n } of casesOfPanelSet.values()) {
    const symbols = new Set(panels.flatMap((panel) => symbolsOfPanel.get(panel) ?? []));
    for (const symbol of symbols) bySymbol.set(symbol, (bySymbol.get(symbol) ?? 0) + n);
  }
  return { wholeExome, bySymbol };
}
