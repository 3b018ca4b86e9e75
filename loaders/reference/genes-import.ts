// `duckportal genes import <path>`: the gene reference, from a folder of cBioPortal seed exports
// (seed_table_*.parquet: genes, aliases, reference-genome genes, cancer types, reference genomes)
// or from a gene-info TSV (entrez_id, symbol, chromosome, cytoband, type, synonyms). Re-import replaces.
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from '../../engine/sql/db.js';
import { raw, sql, type Fragment } from '../../engine/sql/sql.js';
import { LoadError } from '../errors.js';
import { TsvFile, columnIndex } from '../text/tsv.js';

export interface GeneImportSummary {
  genes: number;
  aliases: number;
  referenceGenomeGenes: number;
  cancerTypes: number;
  referenceGenomes: number;
}

/** The reference genomes every installation knows (ids as in cBioPortal's seed database). */
const REFERENCE_GENOMES = [
  [1, 'human', 'hg19', 'GRCh37', 2897310462, 'http://hgdownload.cse.ucsc.edu/goldenPath/hg19/bigZips', '2009-02-01'],
  [2, 'human', 'hg38', 'GRCh38', 3049315783, 'http://hgdownload.cse.ucsc.edu/goldenPath/hg38/bigZips', '2013-12-01'],
  [3, 'mouse', 'mm10', 'GRCm38', 2652783500, 'http://hgdownload.cse.ucsc.edu/goldenPath/mm10/bigZips', '2012-01-01'],
] as const;

export async function importGenes(db: Db, path: string, options: { genome?: 'hg19' | 'hg38' } = {}): Promise<GeneImportSummary> {
  if (!existsSync(path)) throw new LoadError({ file: path }, 'no such file or folder');
  await db.transaction(async () => {
    if (statSync(path).isDirectory()) await importSeedFolder(db, path);
    else await importGeneInfoTsv(db, path, options.genome ?? 'hg19');
  });
  // `table` is one of our own table names below, never input.
  const count = async (table: string) =>
    (await db.one<{ n: number }>(sql`SELECT count(*)::INTEGER AS n FROM ${raw(table)}`))?.n ?? 0;
  return {
    genes: await count('gene'),
    aliases: await count('gene_alias'),
    referenceGenomeGenes: await count('reference_genome_gene'),
    cancerTypes: await count('type_of_cancer'),
    referenceGenomes: await count('reference_genome'),
  };
}

async function importSeedFolder(db: Db, dir: string): Promise<void> {
  const file = (name: string) => {
    const p = join(dir, `seed_table_${name}.parquet`);
    if (!existsSync(p)) throw new LoadError({ file: p }, 'missing seed export (expected seed_table_*.parquet files)');
    return p;
  };
  await db.run(sql`DELETE FROM gene`);
  await db.run(sql`DELETE FROM gene_alias`);
  await db.run(sql`DELETE FROM reference_genome_gene`);
  await db.run(sql`INSERT INTO gene SELECT entrez_gene_id, upper(hugo_gene_symbol), type, genetic_entity_id FROM read_parquet(${file('gene')})`);
  await db.run(sql`INSERT INTO gene_alias SELECT DISTINCT entrez_gene_id, gene_alias FROM read_parquet(${file('gene_alias')})`);
  await db.run(sql`INSERT INTO reference_genome_gene SELECT entrez_gene_id, reference_genome_id, chr, cytoband, start, "end" FROM read_parquet(${file('reference_genome_gene')})`);
  await db.run(sql`DELETE FROM reference_genome`);
  await db.run(sql`INSERT INTO reference_genome SELECT reference_genome_id, species, name, build_name, genome_size, url, strftime(release_date, '%Y-%m-%d') FROM read_parquet(${file('reference_genome')})`);
  await replaceCancerTypes(db, sql`SELECT lower(type_of_cancer_id), name, dedicated_color, short_name, lower(parent) FROM read_parquet(${file('type_of_cancer')})`);
}

async function replaceCancerTypes(db: Db, select: Fragment): Promise<void> {
  // Types a study defined itself (not in the reference) are kept.
  await db.run(sql`CREATE OR REPLACE TEMP TABLE new_type_of_cancer AS ${select}`);
  await db.run(sql`DELETE FROM type_of_cancer WHERE type_of_cancer_id IN (SELECT type_of_cancer_id FROM new_type_of_cancer)`);
  await db.run(sql`INSERT INTO type_of_cancer SELECT * FROM new_type_of_cancer`);
  await db.run(sql`DROP TABLE new_type_of_cancer`);
}

/** cBioPortal's gene-info TSV (or the project's own demo gene list, which uses the same columns). */
async function importGeneInfoTsv(db: Db, path: string, genome: 'hg19' | 'hg38'): Promise<void> {
  const tsv = new TsvFile(path, { allowShortRows: true });
  const { columns } = await tsv.readHeader();
  const col = columnIndex(columns);
  const idx = {
    entrez: Math.max(col('entrez_id'), col('entrez_gene_id')),
    symbol: Math.max(col('symbol'), col('hugo_gene_symbol')),
    chromosome: col('chromosome'),
    cytoband: col('cytoband'),
    type: col('type'),
    synonyms: col('synonyms'),
  };
  if (idx.entrez < 0 || idx.symbol < 0) throw new LoadError({ file: path, line: 1 }, 'expected columns entrez_id and symbol');
  await db.run(sql`DELETE FROM gene`);
  await db.run(sql`DELETE FROM gene_alias`);
  await db.run(sql`DELETE FROM reference_genome_gene`);
  const genomeId = genome === 'hg38' ? 2 : 1;
  const genes = await db.appender('gene');
  const aliases = await db.appender('gene_alias');
  const locations = await db.appender('reference_genome_gene');
  const seen = new Set<number>();
  try {
    for await (const { cells, lineNo } of tsv.rows()) {
      const entrez = Number(cells[idx.entrez]);
      if (!/^-?\d+$/.test(cells[idx.entrez]) || entrez === 0) throw new LoadError({ file: path, line: lineNo, column: 'entrez_id' }, `not an Entrez id: '${cells[idx.entrez]}'`);
      if (seen.has(entrez)) throw new LoadError({ file: path, line: lineNo, column: 'entrez_id' }, `Entrez id ${entrez} is listed twice`);
      seen.add(entrez);
      genes.appendInteger(entrez);
      genes.appendVarchar(cells[idx.symbol].toUpperCase());
      appendOptional(genes, idx.type >= 0 ? cells[idx.type] : '');
      genes.appendNull();
      genes.endRow();
      const synonyms = idx.synonyms >= 0 ? cells[idx.synonyms].split('|').map((s) => s.trim()).filter(Boolean) : [];
      for (const alias of new Set(synonyms)) {
        aliases.appendInteger(entrez);
        aliases.appendVarchar(alias);
        aliases.endRow();
      }
      if (idx.chromosome >= 0) {
        locations.appendInteger(entrez);
        locations.appendInteger(genomeId);
        appendOptional(locations, cells[idx.chromosome]);
        appendOptional(locations, idx.cytoband >= 0 ? cells[idx.cytoband] : '');
        locations.appendBigInt(0n);
        locations.appendBigInt(0n);
        locations.endRow();
      }
    }
  } finally {
    genes.closeSync();
    aliases.closeSync();
    locations.closeSync();
  }
  const known = new Set((await db.all<{ reference_genome_id: number }>(sql`SELECT reference_genome_id FROM reference_genome`)).map((r) => r.reference_genome_id));
  for (const g of REFERENCE_GENOMES) {
    if (!known.has(g[0])) await db.run(sql`INSERT INTO reference_genome VALUES (${g[0]}, ${g[1]}, ${g[2]}, ${g[3]}, ${g[4]}, ${g[5]}, ${g[6]})`);
  }
}

function appendOptional(appender: { appendVarchar(v: string): void; appendNull(): void }, value: string | undefined): void {
  if (value === undefined || value === '' || value === '-') appender.appendNull();
  else appender.appendVarchar(value);
}

/** Imports a cancer type list (TSV: type_of_cancer_id, name, dedicated_color, short_name, parent). */
export async function importCancerTypes(db: Db, path: string): Promise<void> {
  await replaceCancerTypes(db, sql`SELECT lower(column0), column1, column2, column3, lower(column4) FROM read_csv(${path}, delim = '\t', header = false, quote = '', escape = '', all_varchar = true, comment = '#')`);
}
