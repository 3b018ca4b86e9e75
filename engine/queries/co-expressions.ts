// Co-expressed genes (api.md 22.2), as cBioPortal v7's FetchCoExpressionsUseCase and its
// ClickHouse query: the query gene's numeric values in profile A over the requested samples of A's
// study, paired by sample with every other gene of profile B. DuckDB streams profile B's numbers
// in slices of genes as typed arrays; they are paired and grouped here, and Spearman's ρ and the
// data-quality rules run in the pool (engine/stats/co-expression.ts).
import { NotFound } from '../errors.js';
import type { Db } from '../sql/db.js';
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
const PAIRS_PER_QUERY = 2_000_000;

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

  const referenceX = Float64Array.from(reference, (r) => r.x);
  const referenceRows = sql`SELECT unnest(${reference.map((r) => r.sample_key)}::INTEGER[]) AS sample_key, unnest(range(${reference.length})) AS position`;
  const genesPerQuery = Math.max(1, Math.floor(PAIRS_PER_QUERY / reference.length));
  const results: CoExpression[][] = [];
  let previous: Promise<CoExpression[]>[] = [];
  for (let from = 0; from < genes.length; from += genesPerQuery) {
    const slice = genes.slice(from, from + genesPerQuery);
    // Pairs as three number columns (gene, position of the sample in the reference, value), no
    // lists (which DuckDB builds slowly); grouped by gene here.
    const pairs = await pairsByGene(db.numericChunks(sql`
      SELECT v.entrez_gene_id::DOUBLE, r.position::DOUBLE, v.number
      FROM gene_value v JOIN (${referenceRows}) r USING (sample_key)
      WHERE v.profile_key = ${profileB.profile_key} AND v.number IS NOT NULL
        AND v.entrez_gene_id BETWEEN ${slice[0]} AND ${slice.at(-1)!} AND v.entrez_gene_id IN (SELECT unnest(${slice}::INTEGER[]))`), slice);
    const pending = pairTasks(pairs).map((task) => runBatch(stats, task, referenceX, q.threshold));
    // At most two slices of pairs are held at once: the pool works on one while DuckDB reads the next.
    results.push(...(await Promise.all(previous)));
    previous = pending;
  }
  results.push(...(await Promise.all(previous)));
  return results.flat();
}

interface GenePairs {
  genes: Float64Array;
  /** Per pair, the position of its sample in the reference. */
  index: Int32Array;
  y: Float64Array;
  /** Gene i holds pairs offsets[i] … offsets[i + 1]. */
  offsets: Int32Array;
}

/**
 * (gene, position, y) pairs of `slice`'s genes grouped by gene in slice order by a counting sort
 * (within a gene, in the order read). Genes without pairs are left out, as the reference's join
 * leaves them out.
 */
async function pairsByGene(cells: AsyncIterable<Float64Array[]>, slice: readonly number[]): Promise<GenePairs> {
  const slotOf = new Map(slice.map((g, i) => [g, i]));
  const counts = new Int32Array(slice.length);
  const parts: { slots: Int32Array; positions: Float64Array; values: Float64Array }[] = [];
  let lastGene = NaN;
  let slot = -1;
  for await (const [genes, positions, values] of cells) {
    const slots = new Int32Array(genes.length);
    for (let i = 0; i < genes.length; i++) {
      if (genes[i] !== lastGene) {
        lastGene = genes[i];
        slot = slotOf.get(lastGene)!;
      }
      slots[i] = slot;
      counts[slot]++;
    }
    parts.push({ slots, positions, values });
  }
  const kept = slice.flatMap((_, i) => (counts[i] > 0 ? [i] : []));
  const offsets = new Int32Array(kept.length + 1);
  const cursor = new Int32Array(slice.length);
  kept.forEach((i, k) => {
    cursor[i] = offsets[k];
    offsets[k + 1] = offsets[k] + counts[i];
  });
  const index = new Int32Array(offsets[kept.length]);
  const y = new Float64Array(offsets[kept.length]);
  for (const { slots, positions, values } of parts) {
    for (let i = 0; i < slots.length; i++) {
      const at = cursor[slots[i]]++;
      index[at] = positions[i];
      y[at] = values[i];
    }
  }
  return { genes: Float64Array.from(kept, (i) => slice[i]), index, y, offsets };
}

interface PairTask {
  genes: Float64Array;
  index: Int32Array<ArrayBuffer>;
  y: Float64Array<ArrayBuffer>;
  offsets: Int32Array<ArrayBuffer>;
}

/** Cuts a slice's pairs into pool tasks of about PAIRS_PER_TASK pairs (whole genes each). */
function pairTasks(pairs: GenePairs): PairTask[] {
  const tasks: PairTask[] = [];
  let first = 0;
  for (let g = 1; g <= pairs.genes.length; g++) {
    if (g < pairs.genes.length && pairs.offsets[g] - pairs.offsets[first] < PAIRS_PER_TASK) continue;
    const from = pairs.offsets[first];
    const to = pairs.offsets[g];
    tasks.push({
      genes: pairs.genes.subarray(first, g), index: pairs.index.slice(from, to), y: pairs.y.slice(from, to),
      offsets: pairs.offsets.subarray(first, g + 1).map((o) => o - from),
    });
    first = g;
  }
  return tasks;
}

async function runBatch(stats: StatsPool, task: PairTask, reference: Float64Array, threshold: number): Promise<CoExpression[]> {
  const { index, y, offsets } = task;
  const out = await stats.run('coExpressions', { reference, index, y, offsets, threshold }, [index.buffer, y.buffer, offsets.buffer]);
  const result: CoExpression[] = [];
  task.genes.forEach((gene, i) => {
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
