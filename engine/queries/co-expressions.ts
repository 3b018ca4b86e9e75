// Co-expressed genes (api.md 22.2), as cBioPortal v7's FetchCoExpressionsUseCase and its
// ClickHouse query: the query gene's numeric values in profile A over the requested samples of A's
// study, paired by sample with every other gene of profile B. DuckDB hands the pairs over per
// gene; Spearman's ρ and the data-quality rules run in the pool (engine/stats/co-expression.ts).
import { NotFound } from '../errors.js';
import type { Db } from '../sql/db.js';
import { sql } from '../sql/sql.js';
import type { StatsPool } from '../stats/pool/pool.js';
import { requireProfile } from './lookup.js';
import { NUMERIC_VALUE_PATTERN } from './molecular-data-value.js';

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

  // Sample ids are taken in profile A's study; genes sharing the query gene's symbol are left out.
  const query = sql`
    WITH reference AS (
      SELECT v.sample_key, TRY_CAST(v.value AS DOUBLE) AS x
      FROM gene_value v JOIN sample s USING (sample_key)
      WHERE v.profile_key = ${profileA.profile_key} AND v.entrez_gene_id = ${q.entrezGeneId}
        AND s.study_key = ${profileA.study_key} AND s.sample_id IN (SELECT unnest(${sampleIds}::VARCHAR[]))
        AND regexp_full_match(v.value, ${NUMERIC_VALUE_PATTERN})
    ),
    pairs AS (
      SELECT v.entrez_gene_id, r.sample_key, r.x, TRY_CAST(v.value AS DOUBLE) AS y
      FROM gene_value v JOIN reference r USING (sample_key) JOIN gene g USING (entrez_gene_id)
      WHERE v.profile_key = ${profileB.profile_key} AND g.hugo_gene_symbol <> ${gene.hugo_gene_symbol}
        AND regexp_full_match(v.value, ${NUMERIC_VALUE_PATTERN})
    )
    SELECT entrez_gene_id, list(x ORDER BY sample_key) AS xs, list(y ORDER BY sample_key) AS ys
    FROM pairs WHERE x IS NOT NULL AND y IS NOT NULL
    GROUP BY entrez_gene_id ORDER BY entrez_gene_id`;

  const pending: Promise<CoExpression[]>[] = [];
  let batch: { entrez_gene_id: number; xs: number[]; ys: number[] }[] = [];
  let pairs = 0;
  const flush = () => {
    if (batch.length > 0) pending.push(runBatch(stats, batch, q.threshold));
    batch = [];
    pairs = 0;
  };
  for await (const rows of db.stream<{ entrez_gene_id: number; xs: number[]; ys: number[] }>(query)) {
    for (const row of rows) {
      batch.push(row);
      pairs += row.xs.length;
      if (pairs >= PAIRS_PER_TASK) flush();
    }
  }
  flush();
  return (await Promise.all(pending)).flat();
}

async function runBatch(stats: StatsPool, batch: readonly { entrez_gene_id: number; xs: number[]; ys: number[] }[], threshold: number): Promise<CoExpression[]> {
  const total = batch.reduce((n, r) => n + r.xs.length, 0);
  const x = new Float64Array(total);
  const y = new Float64Array(total);
  const offsets = new Int32Array(batch.length + 1);
  batch.forEach((r, i) => {
    x.set(r.xs, offsets[i]);
    y.set(r.ys, offsets[i]);
    offsets[i + 1] = offsets[i] + r.xs.length;
  });
  const out = await stats.run('coExpressions', { x, y, offsets, threshold }, [x.buffer, y.buffer, offsets.buffer]);
  const result: CoExpression[] = [];
  batch.forEach((r, i) => {
    if (out[3 * i] !== 1) return;
    const rho = out[3 * i + 1];
    const p = out[3 * i + 2];
    result.push({
      geneticEntityId: String(r.entrez_gene_id), geneticEntityType: 'GENE',
      spearmansCorrelation: Number.isNaN(rho) ? null : rho, pValue: Number.isNaN(p) ? null : p,
    });
  });
  return result;
}
