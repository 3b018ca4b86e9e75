// `duckportal cosmic import <vcf[.gz]>`: COSMIC's coding mutations with their sample counts, as
// cBioPortal's ImportCosmicData stores them (cosmic_mutation, engine/sql/schema.sql). The keyword is
// '<GENE> <keyword of AA>' (MutationKeywordUtils.guessCosmicKeyword); records whose gene is not in
// the gene table, or whose protein change gives no keyword, are skipped. Re-import replaces; a
// failed import changes nothing (one transaction).
import { existsSync } from 'node:fs';
import type { Db } from '../../engine/sql/db.js';
import { sql } from '../../engine/sql/sql.js';
import { LoadError, Warnings } from '../errors.js';
import { guessCosmicKeyword } from '../formats/maf/keyword.js';
import { GeneResolver } from '../genes/gene-resolver.js';
import { guessGene } from '../genes/guess-gene.js';
import { BulkWriter } from '../store/bulk-writer.js';
import { readLines } from '../text/lines.js';
import { parseCosmicLine } from './cosmic-vcf.js';

export interface CosmicImportSummary {
  mutations: number;
  warnings: string[];
}

export async function importCosmic(db: Db, path: string): Promise<CosmicImportSummary> {
  if (!existsSync(path)) throw new LoadError({ file: path }, 'no such file');
  const genes = await GeneResolver.load(db);
  if (genes.size === 0) throw new LoadError({ file: path }, 'the store has no gene reference yet: run `duckportal genes import` first');
  const warnings = new Warnings();
  let mutations = 0;
  await db.transaction(async () => {
    // This import's rows with their line (to keep the first of a repeated id); exists only inside the transaction.
    await db.run(sql`CREATE OR REPLACE TABLE cosmic_import_rows AS SELECT *, 0 AS line FROM cosmic_mutation LIMIT 0`);
    const writer = await BulkWriter.open(db, 'cosmic_import_rows');
    try {
      await stageRecords(path, genes, writer, warnings);
      await writer.finish();
    } finally {
      writer.discard();
    }
    // cBioPortal's cosmic_mutation_id is the primary key: a repeated id keeps its first record.
    const repeated = await db.all<{ line: number; cosmic_mutation_id: string }>(sql`
      SELECT line, cosmic_mutation_id FROM cosmic_import_rows
      QUALIFY row_number() OVER (PARTITION BY cosmic_mutation_id ORDER BY line) > 1 ORDER BY line`);
    for (const r of repeated) warnings.add({ file: path, line: r.line }, 'COSMIC id repeated (the first record is kept); skipped');
    await db.run(sql`DELETE FROM cosmic_mutation`);
    await db.run(sql`INSERT INTO cosmic_mutation SELECT * EXCLUDE (line) FROM cosmic_import_rows
      QUALIFY row_number() OVER (PARTITION BY cosmic_mutation_id ORDER BY line) = 1 ORDER BY keyword, cosmic_mutation_id`);
    await db.run(sql`DROP TABLE cosmic_import_rows`);
    mutations = (await db.one<{ n: number }>(sql`SELECT count(*)::INTEGER AS n FROM cosmic_mutation`))?.n ?? 0;
  });
  return { mutations, warnings: warnings.summary() };
}

/** Reading errors (a truncated or broken .gz) name the file and the line reached. */
async function stageRecords(path: string, genes: GeneResolver, writer: BulkWriter, warnings: Warnings): Promise<void> {
  let line = 0;
  try {
    for await (const { text, lineNo } of readLines(path)) {
      line = lineNo;
      stageLine(path, lineNo, text, genes, writer, warnings);
    }
  } catch (error) {
    if (error instanceof LoadError) throw error;
    throw new LoadError({ file: path, line: line + 1 }, `cannot read the file: ${(error as Error).message}`);
  }
}

/** Stages a record, or says why it is skipped (as upstream: gene first, then keyword). */
function stageLine(path: string, lineNo: number, text: string, genes: GeneResolver, writer: BulkWriter, warnings: Warnings): void {
  const parsed = parseCosmicLine(path, lineNo, text);
  if (parsed.kind === 'header') return;
  const skip = (reason: string) => warnings.add({ file: path, line: lineNo }, reason);
  if (parsed.kind === 'skip') return skip(parsed.reason);
  const r = parsed.record;
  const gene = guessGene(genes, r.gene);
  if (!gene) return skip('gene symbol not in the gene table; skipped');
  const keyword = guessCosmicKeyword(r.proteinChange);
  if (keyword === null) return skip('protein change gives no mutation keyword; skipped');
  writer.add({
    cosmic_mutation_id: r.cosmicMutationId, chr: r.chr, start_position: r.startPosition, reference_allele: r.referenceAllele,
    tumor_seq_allele: r.tumorSeqAllele, strand: r.strand, codon_change: r.codonChange, entrez_gene_id: gene.entrezGeneId,
    protein_change: r.proteinChange, count: r.count, keyword: `${r.gene} ${keyword}`, line: lineNo,
  });
}
