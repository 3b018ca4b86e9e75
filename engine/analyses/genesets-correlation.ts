// Genes of a gene set whose expression correlates with the gene set's scores (api.md 19.3), as
// GenesetCorrelationServiceImpl computes it: Spearman's rho per gene over the requested samples.
import { InvalidRequest } from '../errors.js';
import type { ReadOnlyDb } from '../sql/db.js';
import { sql } from '../sql/sql.js';
import { isPlainNumeric } from '../stats/binning/decimal.js';
import { spearmanCorrelation } from '../stats/spearman.js';
import { fetchGenesetData, fetchProfilesReferredBy, fetchProfilesReferringTo, type GenesetSamples } from '../resources/genesets.js';
import type { ProfileRow } from '../resources/lookup.js';
import { normaliseMolecularValue } from '../resources/molecular-data-value.js';

export interface GenesetCorrelation {
  entrezGeneId: number;
  hugoGeneSymbol: string;
  /** NaN when a side has no variance; the reference (Jackson) writes it as the string "NaN". */
  correlationValue: number | 'NaN';
  expressionGeneticProfileId: string;
  zScoreGeneticProfileId: string;
}

/**
 * The score profile must name exactly one expression profile, and a Z-SCORE profile must name that
 * one (the reference fails with 500 otherwise; answered here as 400 with its messages). Genes with
 * rho >= threshold are kept — signed, so strong negative correlations are dropped, as the reference
 * does — and sorted by rho descending (NaN last).
 */
export async function fetchGenesetCorrelations(
  db: ReadOnlyDb, genesetId: string, scoreProfile: ProfileRow, samples: GenesetSamples, threshold: number,
): Promise<GenesetCorrelation[]> {
  const referred = await fetchProfilesReferredBy(db, scoreProfile.stable_id);
  if (referred.length !== 1)
    throw new InvalidRequest(`Unexpected error: given geneset profile refers to ${referred.length} profile(s). Should refer to only 1`);
  const expression = referred[0];
  const zScores = (await fetchProfilesReferringTo(db, expression.stable_id)).find((p) => p.datatype === 'Z-SCORE');
  if (!zScores)
    throw new InvalidRequest(`The expression profile [${expression.stable_id}] linked to the given gene set scores profile does not have a corresponding z-scores profile in this study.`);

  const genes = await db.all<{ entrez_gene_id: number; hugo_gene_symbol: string }>(sql`
    SELECT g.entrez_gene_id, g.hugo_gene_symbol FROM geneset_gene m JOIN geneset s USING (geneset_key) JOIN gene g USING (entrez_gene_id)
    WHERE s.geneset_id = ${genesetId} ORDER BY m.rowid`);
  const scores = new Map((await fetchGenesetData(db, scoreProfile, samples, [genesetId])).map((r) => [r.sample_id as string, toDouble(r.value as string)]));
  const sampleFilter = samples.kind === 'ids' ? sql`AND sa.sample_id IN (SELECT unnest(${samples.sampleIds}::VARCHAR[]))` : sql``;
  const cells = await db.all<{ entrez_gene_id: number; sample_id: string; value: string }>(sql`
    SELECT v.entrez_gene_id, sa.sample_id, v.value FROM gene_value v JOIN sample sa ON sa.sample_key = v.sample_key
    WHERE v.profile_key = ${expression.profile_key} ${sampleFilter}
      AND v.entrez_gene_id IN (SELECT unnest(${genes.map((g) => g.entrez_gene_id)}::INTEGER[]))`);
  const expressionOf = new Map<number, Map<string, number>>();
  for (const c of cells) {
    const bySample = expressionOf.get(c.entrez_gene_id) ?? new Map<string, number>();
    bySample.set(c.sample_id, normaliseMolecularValue(c.value) ?? NaN);
    expressionOf.set(c.entrez_gene_id, bySample);
  }
  // The reference walks the requested ids (a repeated id counts twice); without ids, the profiled samples.
  const sampleIds = samples.kind === 'ids' ? samples.sampleIds : [...scores.keys()];

  const out: (GenesetCorrelation & { rho: number })[] = [];
  for (const gene of genes) {
    const x: number[] = [];
    const y: number[] = [];
    for (const id of sampleIds) {
      const e = expressionOf.get(gene.entrez_gene_id)?.get(id) ?? NaN;
      const s = scores.get(id) ?? NaN;
      if (!Number.isNaN(e) && !Number.isNaN(s)) {
        x.push(e);
        y.push(s);
      }
    }
    const rho = x.length >= 2 ? spearmanCorrelation(x, y) : 0;
    if (rho < threshold) continue; // NaN passes, as in the reference
    out.push({
      entrezGeneId: gene.entrez_gene_id, hugoGeneSymbol: gene.hugo_gene_symbol, correlationValue: Number.isNaN(rho) ? 'NaN' : rho,
      expressionGeneticProfileId: expression.stable_id, zScoreGeneticProfileId: zScores.stable_id, rho,
    });
  }
  out.sort((a, b) => (Number.isNaN(a.rho) ? 1 : Number.isNaN(b.rho) ? -1 : b.rho - a.rho));
  return out.map(({ rho: _rho, ...item }) => item);
}

const toDouble = (text: string) => (isPlainNumeric(text) ? Number(text) : NaN);
