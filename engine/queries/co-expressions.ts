// Co-expressed genes (api.md 22.2), as cBioPortal v7's FetchCoExpressionsUseCase and its
// ClickHouse query: the query gene's numeric values in profile A over the requested samples of A's
// study, paired by sample with every other gene of profile B. DuckDB streams profile B's numbers
// in slices of genes as typed arrays; they are paired and grouped here, and Spearman's ρ and the
// data-quality rules run in the pool (engine/stats/co-expression.ts).
import { NotFound } from '../errors.js';
import type { Db } from '../sql/db.js';
import type { NumericColumn } from '../sql/numeric-chunks.js';
import { sql } from '../sql/sql.js';
import type { StatsPool } from '../stats/pool/pool.js';
import { requireProfile } from './lookup.js';

export interface CoExpression {
  geneticEntityId: string;
  geneticEntityType: 'GENE';
  spearmansCorrelation: number | null;
  pValue: number | null;
}

export type CoExpressionSamples = { kind: 'list'; sampleListId: string } | { kind: 'ids'; sampleIds: readonly string[] };

export interface CoExpressionQuery {
  molecularProfileIdA: string;
  molecularProfileIdB: string;
  entrezGeneId: number;
  samples: CoExpressionSamples;
  threshold: number;
}

/** Pairs per pool task (about 2 MB of doubles), so that large profiles spread over the workers. */
const PAIRS_PER_TASK = 131_072;

/**
 * Pairs per query: a slice's pairs are held in memory while grouped by gene, so a whole
 * transcriptome over thousands of samples (hundreds of millions of pairs) goes in slices of genes.
 */
const PAIRS_PER_QUERY = 8_000_000;

export async function fetchCoExpressions(db: Db, stats: StatsPool, q: CoExpressionQuery): Promise<CoExpression[]> {
  // The reference reads the sample list first: an unknown or empty list answers [] before any 404.
  const sampleIds = q.samples.kind === 'ids' ? q.samples.sampleIds : (await db.all<{ sample_id: string }>(sql`
    SELECT s.sample_id FROM sample_list l JOIN sample_list_member m USING (list_key) JOIN sample s USING (sample_key)
    WHERE l.stable_id = ${q.samples.sampleListId}`)).map((r) => r.sample_id);
  if (sampleIds.length === 0) return [];
  const profileA = await requireProfile(db, q.molecularProfileIdA);
  const profileB = q.molecularProfileIdB === q.molecularProfileIdA ? profileA : await requireProfile(db, q.molecularProfileIdB);
  const gene = await db.one<{ hugo_gene_symbol: string }>(sql`SELECT hugo_gene_symbol FROM gene WHERE entrez_gene_id = ${q.entrezGeneId}`);
  if (!gene) throw NotFound.gene(String(q.entrezGeneId));

  // The query gene's numbers, over the sample ids taken in profile A's study.
  const reference = await db.all<{ sample_key: number; x: number }>(sql`
    SELECT v.sample_key, v.number AS x
    FROM gene_value v JOIN sample s USING (sample_key)
    WHERE v.profile_key = ${profileA.profile_key} AND v.entrez_gene_id = ${q.entrezGeneId} AND v.number IS NOT NULL
      AND s.study_key = ${profileA.study_key} AND s.sample_id IN (SELECT unnest(${sampleIds}::VARCHAR[]))`);
  if (reference.length === 0) return [];
  // Genes sharing the query gene's symbol are left out.
  const genes = (await db.all<{ entrez_gene_id: number }>(sql`
    SELECT DISTINCT v.entrez_gene_id FROM gene_value v JOIN gene g USING (entrez_gene_id)
    WHERE v.profile_key = ${profileB.profile_key} AND g.hugo_gene_symbol <> ${gene.hugo_gene_symbol} ORDER BY 1`)).map((r) => r.entrez_gene_id);

  const referenceOf = referenceIndex(reference.map((r) => r.sample_key));
  const referenceX = Float64Array.from(reference, (r) => r.x);
  const genesPerQuery = Math.max(1, Math.floor(PAIRS_PER_QUERY / reference.length));
  const results: CoExpression[][] = [];
  let previous: Promise<CoExpression[]>[] = [];
  for (let from = 0; from < genes.length; from += genesPerQuery) {
    const slice = genes.slice(from, from + genesPerQuery);
    // A plain scan (no join, no lists), which DuckDB reads at once; pairing and grouping happen here.
    const cells = db.numericChunks(sql`
      SELECT entrez_gene_id::DOUBLE, sample_key::DOUBLE, number FROM gene_value
      WHERE profile_key = ${profileB.profile_key} AND number IS NOT NULL
        AND entrez_gene_id BETWEEN ${slice[0]} AND ${slice.at(-1)!} AND entrez_gene_id IN (SELECT unnest(${slice}::INTEGER[]))`);
    const pairs = await pairsByGene(cells, slice, referenceOf, referenceX);
    const pending = pairTasks(pairs).map((task) => runBatch(stats, task.genes, task.x, task.y, task.offsets, q.threshold));
    // At most two slices of pairs are held at once: the pool works on one while DuckDB reads the next.
    results.push(...(await Promise.all(previous)));
    previous = pending;
  }
  results.push(...(await Promise.all(previous)));
  return results.flat();
}

/** sample_key → position in the reference (−1: not a reference sample), as a dense lookup table. */
function referenceIndex(sampleKeys: readonly number[]): (sampleKey: number) => number {
  const min = sampleKeys.reduce((a, b) => Math.min(a, b));
  const table = new Int32Array(sampleKeys.reduce((a, b) => Math.max(a, b)) - min + 1).fill(-1);
  sampleKeys.forEach((key, i) => (table[key - min] = i));
  return (key) => (key >= min && key - min < table.length ? table[key - min] : -1);
}

interface GenePairs {
  genes: Float64Array;
  x: Float64Array;
  y: Float64Array;
  /** Gene i holds pairs offsets[i] … offsets[i + 1]. */
  offsets: Int32Array;
}

/**
 * The (gene, sample_key, number) cells of `slice`'s genes paired with the reference's value of the
 * same sample, grouped by gene in slice order (a counting sort; within a gene, scan order).
 * Genes without pairs are left out, as the reference's join leaves them out.
 */
async function pairsByGene(
  cells: AsyncIterable<NumericColumn[]>, slice: readonly number[], referenceOf: (sampleKey: number) => number, referenceX: Float64Array,
): Promise<GenePairs> {
  const slotOf = new Map(slice.map((g, i) => [g, i]));
  const counts = new Int32Array(slice.length);
  const parts: { slots: Int32Array; x: Float64Array; y: Float64Array }[] = [];
  for await (const [genes, keys, values] of cells) {
    if (!(genes instanceof Float64Array && keys instanceof Float64Array && values instanceof Float64Array)) throw new Error('co-expression cells: expected three number columns');
    const part = { slots: new Int32Array(genes.length), x: new Float64Array(genes.length), y: new Float64Array(genes.length) };
    let m = 0;
    let lastGene = NaN;
    let slot = -1;
    for (let i = 0; i < genes.length; i++) {
      const r = referenceOf(keys[i]);
      if (r < 0) continue;
      if (genes[i] !== lastGene) {
        lastGene = genes[i];
        slot = slotOf.get(lastGene)!;
      }
      part.slots[m] = slot;
      part.x[m] = referenceX[r];
      part.y[m] = values[i];
      counts[slot]++;
      m++;
    }
    parts.push({ slots: part.slots.subarray(0, m), x: part.x.subarray(0, m), y: part.y.subarray(0, m) });
  }
  const kept = slice.flatMap((gene, i) => (counts[i] > 0 ? [i] : []));
  const offsets = new Int32Array(kept.length + 1);
  const cursor = new Int32Array(slice.length);
  kept.forEach((i, k) => {
    cursor[i] = offsets[k];
    offsets[k + 1] = offsets[k] + counts[i];
  });
  const x = new Float64Array(offsets[kept.length]);
  const y = new Float64Array(offsets[kept.length]);
  for (const part of parts) {
    for (let i = 0; i < part.slots.length; i++) {
      const at = cursor[part.slots[i]]++;
      x[at] = part.x[i];
      y[at] = part.y[i];
    }
  }
  return { genes: Float64Array.from(kept, (i) => slice[i]), x, y, offsets };
}

/** Cuts a slice's pairs into pool tasks of about PAIRS_PER_TASK pairs (whole genes each). */
function pairTasks(pairs: GenePairs): { genes: Float64Array; x: Float64Array<ArrayBuffer>; y: Float64Array<ArrayBuffer>; offsets: Int32Array<ArrayBuffer> }[] {
  const tasks = [];
  let first = 0;
  for (let g = 1; g <= pairs.genes.length; g++) {
    if (g < pairs.genes.length && pairs.offsets[g] - pairs.offsets[first] < PAIRS_PER_TASK) continue;
    const from = pairs.offsets[first];
    const to = pairs.offsets[g];
    tasks.push({
      genes: pairs.genes.subarray(first, g), x: pairs.x.slice(from, to), y: pairs.y.slice(from, to),
      offsets: pairs.offsets.subarray(first, g + 1).map((o) => o - from),
    });
    first = g;
  }
  return tasks;
}

async function runBatch(
  stats: StatsPool, genes: Float64Array, x: Float64Array<ArrayBuffer>, y: Float64Array<ArrayBuffer>, offsets: Int32Array<ArrayBuffer>, threshold: number,
): Promise<CoExpression[]> {
  const out = await stats.run('coExpressions', { x, y, offsets, threshold }, [x.buffer, y.buffer, offsets.buffer]);
  const result: CoExpression[] = [];
  genes.forEach((gene, i) => {
    if (out[3 * i] !== 1) return;
    const rho = out[3 * i + 1];
    const p = out[3 * i + 2];
    result.push({
      geneticEntityId: String(gene), geneticEntityType: 'GENE',
      spearmansCorrelation: Number.isNaN(rho) ? null : rho, pValue: Number.isNaN(p) ? null : p,
    });
  });
  return result;
}
