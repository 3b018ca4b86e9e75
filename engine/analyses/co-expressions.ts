// Co-expressed genes (api.md 22.2), as cBioPortal v7's FetchCoExpressionsUseCase and its
// ClickHouse query: the query gene's numeric values in profile A over the requested samples of A's
// study, paired by sample with every other gene of profile B. Both profiles are read from their
// resident matrices (profile-matrix.ts); Spearman's ρ and the data-quality rules run in the pool
// over ranges of B's rows (engine/stats/co-expression.ts).
import { NotFound } from '../errors.js';
import type { ReadOnlyDb } from '../sql/db.js';
import { sql } from '../sql/sql.js';
import type { StatsPool } from '../stats/pool/pool.js';
import { midranks } from '../stats/ranks.js';
import { requireProfile } from '../resources/lookup.js';
import { columnsOf, geneProfile, rowRanges, type ProfileMatrices, type ProfileMatrix } from '../resident/profile-matrix.js';
import { geneSymbols } from '../resident/resident-lookups.js';

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

/** The co-expressed genes in batches, in gene order, each as soon as the pool ends it (the route streams them). */
export async function* streamCoExpressions(
  db: ReadOnlyDb, stats: StatsPool, matrices: ProfileMatrices, q: CoExpressionQuery,
): AsyncGenerator<CoExpression[], void, undefined> {
  // The sample ids asked for: given, or a sample list's.
  const sampleIds = q.samples.kind === 'ids' ? sql`SELECT unnest(${q.samples.sampleIds}::VARCHAR[])` : sql`
    SELECT s.sample_id FROM sample_list l JOIN sample_list_member m USING (list_key) JOIN sample s USING (sample_key)
    WHERE l.stable_id = ${q.samples.sampleListId}`;
  // The reference reads the sample list first: an unknown or empty list answers [] before any 404.
  if (q.samples.kind === 'ids' ? q.samples.sampleIds.length === 0 : !(await db.one(sql`SELECT 1 FROM (${sampleIds}) LIMIT 1`))) return;
  const profileA = await requireProfile(db, q.molecularProfileIdA);
  const profileB = q.molecularProfileIdB === q.molecularProfileIdA ? profileA : await requireProfile(db, q.molecularProfileIdB);
  const symbolOf = (await geneSymbols(db, matrices)).ofGene;
  const querySymbol = symbolOf.get(q.entrezGeneId);
  if (querySymbol === undefined) throw NotFound.gene(String(q.entrezGeneId));

  // The query gene's numbers in profile A, over the sample ids taken in A's study.
  const [sampleKeys] = await db.numericColumns(sql`
    SELECT sample_key::DOUBLE FROM sample WHERE study_key = ${profileA.study_key} AND sample_id IN (${sampleIds}) ORDER BY sample_key`);
  // Ranks stand for the numbers throughout: they order the cells as the numbers do, and Spearman's
  // ρ depends on nothing else (RNA-seq profiles keep their numbers only log2-transformed).
  const residentA = geneProfile(matrices, profileA);
  const a = await residentA.matrix;
  const row = a.entities.indexOf(q.entrezGeneId);
  if (row < 0) return;
  const ranksA = (await residentA.ranks()).ranks;
  const referenceKeys: number[] = [];
  const referenceValues: number[] = [];
  columnsOf(a, sampleKeys).forEach((column, i) => {
    const at = row * a.samples.length + column;
    if (column < 0 || Number.isNaN(a.values[at])) return;
    referenceKeys.push(sampleKeys[i]);
    referenceValues.push(ranksA[at]);
  });
  if (referenceValues.length === 0) return;

  // Every gene of profile B with a gene row, but those sharing the query gene's symbol.
  const residentB = geneProfile(matrices, profileB);
  const b = await residentB.matrix;
  const rows = Int32Array.from(Array.from(b.entities.keys()).filter((r) => {
    const symbol = symbolOf.get(b.entities[r]);
    return symbol !== undefined && symbol !== querySymbol;
  }));
  const reference = Float64Array.from(referenceValues);
  // The query gene's ranks, once for every task (10,000 values take well under a millisecond).
  const referenceRanks = new Float64Array(reference.length);
  midranks(reference, referenceRanks);
  const columns = columnsOf(b, referenceKeys);
  const ranked = await residentB.ranks();
  // Every task is queued at once; a batch is handed on as soon as its own ends.
  const tasks = rowRanges(rows.length, b.samples.length).map(([from, to]) => {
    const batch = rows.subarray(from, to);
    return stats.run('coExpressions', {
      values: b.values, columnCount: b.samples.length, missing: b.missing, rows: batch, reference, referenceRanks, columns, threshold: q.threshold, ranked,
    }).then((out) => toCoExpressions(b, batch, out));
  });
  for (const task of tasks) task.catch(() => {}); // unread when the consumer stops early
  for (const task of tasks) yield await task;
}

function toCoExpressions(b: ProfileMatrix, rows: Int32Array, out: Float64Array): CoExpression[] {
  const result: CoExpression[] = [];
  rows.forEach((r, i) => {
    if (out[3 * i] !== 1) return;
    const rho = out[3 * i + 1];
    const p = out[3 * i + 2];
    result.push({
      geneticEntityId: String(b.entities[r]), geneticEntityType: 'GENE',
      spearmansCorrelation: Number.isNaN(rho) ? null : rho, pValue: Number.isNaN(p) ? null : p,
    });
  });
  return result;
}
