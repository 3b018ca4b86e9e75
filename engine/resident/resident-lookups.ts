// Lookups that alteration enrichments (and co-expressions: gene symbols) make over whole profiles,
// read once from the store and kept in memory (profile-matrix.ts `keep`): a generation of the
// store never changes, and one profile's lookups pass to the next while its study is unchanged.
// Counting the altered and profiled cases of two groups of 50,000 samples per gene over these
// takes milliseconds, where the same joins in DuckDB took over a hundred (their
// pipelines start from one list parameter of cases: one thread).
import { compileAlterationPredicate, type AlterationFilter } from '../filter/alteration-filter.js';
import type { ReadOnlyDb } from '../sql/db.js';
import { concatenate } from '../sql/numeric-chunks.js';
import { sql, type Fragment } from '../sql/sql.js';
import type { DependsOn } from '../sql/study-stamps.js';
import type { ProfileMatrices } from './profile-matrix.js';

/** Rough bytes per entry held in a map (key, value, the map's own entry). */
export const BYTES_PER_ENTRY = 100;

/**
 * A query's rows with their VARCHAR column `text` held as positions: the distinct texts in DuckDB's
 * VARCHAR order (with the `perText` columns over `text`, if any), and the DOUBLE columns `columns`
 * selects over the rows and `position` (the row's text's position among the texts), in `order`.
 * Lookups keep the positions, a number per row, and each text once.
 */
export async function readTextPositions<T extends object = object>(
  db: ReadOnlyDb, rows: Fragment, columns: Fragment, options: { order?: Fragment; perText?: Fragment } = {},
): Promise<{ texts: ({ text: string } & T)[]; columns: Float64Array[] }> {
  const [texts, numeric] = await Promise.all([
    db.all<{ text: string } & T>(sql`SELECT text ${options.perText ?? sql``} FROM (SELECT DISTINCT text FROM (${rows})) ORDER BY text`),
    db.numericColumns(sql`SELECT ${columns} FROM (SELECT *, (dense_rank() OVER (ORDER BY text) - 1)::DOUBLE AS position FROM (${rows})) ${options.order ?? sql``}`),
  ]);
  return { texts, columns: numeric };
}

/** Per gene (entrez ids ascending), the distinct samples of one profile with an event passing a filter. */
export interface AlteredSamples {
  genes: Float64Array;
  /** Gene i's samples are samples[offsets[i]] … samples[offsets[i + 1]]. */
  offsets: Int32Array;
  samples: Float64Array;
}

/**
 * A profile's altered samples per gene: mutations (not UNCALLED), CNA events and structural
 * variants passing the alteration filter per kind (engine/filter/alteration-filter.ts).
 */
export function alteredSamples(db: ReadOnlyDb, matrices: ProfileMatrices, profileKey: number, filter: AlterationFilter | undefined): Promise<AlteredSamples> {
  const passes = sql`e.status <> 'UNCALLED' AND CASE e.variant_type
    WHEN 'mutation' THEN ${compileAlterationPredicate(filter, 'mutation')}
    WHEN 'cna' THEN ${compileAlterationPredicate(filter, 'cna')}
    ELSE ${filter?.structuralVariants !== false} AND ${compileAlterationPredicate(filter, 'structural_variant')} END`;
  return matrices.keep(`altered samples ${profileKey} ${passes.text} ${JSON.stringify(passes.params)}`, async () => {
    const { genes, offsets, columns: [samples] } = await runsByGene(db.numericChunks(sql`
      SELECT DISTINCT e.entrez_gene_id::DOUBLE, e.sample_key::DOUBLE FROM genomic_event e WHERE e.profile_key = ${profileKey} AND ${passes}
      ORDER BY 1, 2`), 1);
    return { genes, offsets, samples };
  }, (a) => a.genes.byteLength + a.offsets.byteLength + a.samples.byteLength, matrices.dependsOnProfile(profileKey));
}

/**
 * Chunks of rows sorted by gene (their first column), or by gene and alteration (`keyed` 2: the
 * first two), as runs of the `width` other columns, read chunk by chunk (millions of rows) with
 * pauses for other requests (numericChunks). `alterations` is the second key column's runs, if any.
 */
async function runsByGene(chunks: AsyncGenerator<Float64Array[], void, undefined>, width: number, keyed: 1 | 2 = 1): Promise<{ genes: Float64Array; alterations: Float64Array; offsets: Int32Array; columns: Float64Array[] }> {
  const genes: number[] = [];
  const alterations: number[] = [];
  const offsets: number[] = [];
  const parts: Float64Array[][] = [];
  let count = 0;
  for await (const chunk of chunks) {
    const [geneOf, alterationOf] = chunk;
    for (let i = 0; i < geneOf.length; i++) {
      const alteration = keyed === 2 ? alterationOf[i] : NaN;
      const last = genes.length - 1;
      if (last >= 0 && geneOf[i] === genes[last] && (keyed === 1 || alteration === alterations[last])) continue;
      genes.push(geneOf[i]);
      alterations.push(alteration);
      offsets.push(count + i);
    }
    count += geneOf.length;
    parts.push(chunk.slice(keyed));
  }
  offsets.push(count);
  const columns = Array.from({ length: width }, (_, c) => concatenate(parts.map((part) => part[c])));
  return { genes: Float64Array.from(genes), alterations: Float64Array.from(alterations), offsets: Int32Array.from(offsets), columns };
}

/**
 * Per gene (Entrez ids ascending), or per gene and CNA alteration, the samples with events of one
 * kind passing a filter, over the whole store (the Study View gene tables count them for a cohort:
 * study-view-alterations.ts).
 */
export interface GeneSampleEvents {
  genes: Float64Array;
  /** Run i's cna_alteration when counted per alteration (NaN otherwise). */
  alterations: Float64Array;
  /** Run i's samples are samples[offsets[i]] … samples[offsets[i + 1]]. */
  offsets: Int32Array;
  /** Integer arrays: counting reads millions of them per request. */
  samples: Int32Array;
  /** The sample's events of the gene (and alteration). */
  events: Int32Array;
  /** 1 when one of them is on the sample's gene panel, else 0. */
  onPanel: Uint8Array;
}

/**
 * `passing`: the events' predicate over genomic_event e (its text and parameters name the entry);
 * `dependsOn`: the studies whose events it passes (default: the whole store).
 */
export function geneSampleEvents(db: ReadOnlyDb, matrices: ProfileMatrices, passing: Fragment, options: { byAlteration?: boolean; dependsOn?: DependsOn } = {}): Promise<GeneSampleEvents> {
  const keys = options.byAlteration ? sql`e.entrez_gene_id::DOUBLE, e.cna_alteration::DOUBLE` : sql`e.entrez_gene_id::DOUBLE`;
  const keyed = options.byAlteration ? 2 : 1;
  return matrices.keep(`gene sample events by ${keyed} ${passing.text} ${JSON.stringify(passing.params)}`, async () => {
    const { genes, alterations, offsets, columns: [samples, events, onPanel] } = await runsByGene(db.numericChunks(sql`
      SELECT ${keys}, e.sample_key::DOUBLE, count(*)::DOUBLE, bool_or(NOT e.off_panel)::INTEGER::DOUBLE
      FROM genomic_event e WHERE ${passing} GROUP BY ALL ORDER BY ALL`), 3, keyed);
    return { genes, alterations, offsets, samples: Int32Array.from(samples), events: Int32Array.from(events), onPanel: Uint8Array.from(onPanel) };
  }, (g) => g.genes.byteLength + g.alterations.byteLength + g.offsets.byteLength + g.samples.byteLength + g.events.byteLength + g.onPanel.byteLength, options.dependsOn);
}

/** A profile's profiled samples: per sample, its panels (null: profiled without panel, whole exome). */
export interface ProfiledSamples {
  samples: Float64Array;
  /** The panel key of each (NaN: whole exome); a sample with several rows is listed once per row. */
  panels: Float64Array;
}

export function profiledSamples(db: ReadOnlyDb, matrices: ProfileMatrices, profileKey: number): Promise<ProfiledSamples> {
  return matrices.keep(`profiled samples ${profileKey}`, async () => {
    const [samples, panels] = await db.numericColumns(sql`
      SELECT DISTINCT sample_key::DOUBLE, panel_key::DOUBLE FROM sample_profile WHERE profile_key = ${profileKey}`);
    return { samples, panels };
  }, (p) => p.samples.byteLength + p.panels.byteLength, matrices.dependsOnProfile(profileKey));
}

/** Gene symbols: of each Entrez id, and of each gene panel (its genes' symbols). */
export interface GeneSymbols {
  ofGene: Map<number, string>;
  ofPanel: Map<number, string[]>;
}

export function geneSymbols(db: ReadOnlyDb, matrices: ProfileMatrices): Promise<GeneSymbols> {
  return matrices.keep('gene symbols', async () => {
    // Streamed, a batch of rows at a time: tens of thousands of genes are no single long stall.
    const symbols: GeneSymbols = { ofGene: new Map(), ofPanel: new Map() };
    for await (const rows of db.stream<{ entrez_gene_id: number; hugo_gene_symbol: string }>(sql`SELECT entrez_gene_id, hugo_gene_symbol FROM gene`)) {
      for (const g of rows) symbols.ofGene.set(g.entrez_gene_id, g.hugo_gene_symbol);
    }
    for await (const rows of db.stream<{ panel_key: number; hugo_gene_symbol: string }>(sql`
      SELECT DISTINCT p.panel_key, g.hugo_gene_symbol FROM gene_panel_gene p JOIN gene g USING (entrez_gene_id)`)) {
      for (const r of rows) {
        const panel = symbols.ofPanel.get(r.panel_key) ?? [];
        panel.push(r.hugo_gene_symbol);
        symbols.ofPanel.set(r.panel_key, panel);
      }
    }
    return symbols;
  }, (s) => BYTES_PER_ENTRY * (s.ofGene.size + [...s.ofPanel.values()].reduce((n, l) => n + l.length, 0)));
}

/** Each symbol's smallest Entrez id, per symbols lookup (built when first asked for). */
const entrezOfSymbols = new WeakMap<GeneSymbols, Map<string, number>>();

export function entrezOfSymbol(symbols: GeneSymbols): Map<string, number> {
  let entrez = entrezOfSymbols.get(symbols);
  if (entrez === undefined) {
    entrez = new Map();
    for (const [gene, symbol] of symbols.ofGene) if (!(entrez.get(symbol)! <= gene)) entrez.set(symbol, gene);
    entrezOfSymbols.set(symbols, entrez);
  }
  return entrez;
}
