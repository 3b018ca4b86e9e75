// The store `validate` loads into: in memory, thrown away after. With the curator's store, it
// starts with what the checks read from that store (genes, gene panels, cancer types, gene sets and their version,
// generic entities, the studies' records, and every row of the studies incremental folders add
// to), copied from it opened read-only: nothing is written there.
import { Db } from '../../engine/sql/db.js';
import { raw, sql } from '../../engine/sql/sql.js';
import { LOAD_MEMORY_LIMIT } from '../load-study.js';

/** Tables copied whole: the reference the loaders check data files against. */
const REFERENCE_TABLES = new Set([
  'gene', 'gene_alias', 'reference_genome', 'reference_genome_gene', 'type_of_cancer', 'geneset', 'geneset_gene',
  'geneset_hierarchy_node', 'geneset_hierarchy_leaf', 'gene_panel', 'gene_panel_gene', 'generic_entity',
  'generic_entity_property', 'cancer_study',
]);

export async function openScratchStore(): Promise<Db> {
  return Db.open(':memory:', { memoryLimit: LOAD_MEMORY_LIMIT });
}

/** Copies the reference, and every row of the named studies, of the store at `path` into the scratch store. */
export async function copyFromStore(scratch: Db, path: string, studyIds: readonly string[]): Promise<void> {
  // ATTACH takes no parameters: the path is a string literal, its quotes doubled.
  await scratch.exec(`ATTACH '${path.replaceAll("'", "''")}' AS source (READ_ONLY)`);
  try {
    const keys = (await scratch.all<{ study_key: number }>(sql`SELECT study_key FROM source.cancer_study WHERE list_contains(${studyIds}, study_id)`)).map((r) => r.study_key);
    const tables = await scratch.all<{ table_name: string; keyed: boolean }>(sql`
      SELECT t.table_name, bool_or(c.column_name = 'study_key') AS keyed
      FROM duckdb_tables() t JOIN duckdb_columns() c USING (database_name, schema_name, table_name)
      WHERE t.database_name = 'source' AND t.schema_name = 'main' GROUP BY t.table_name ORDER BY t.table_name`);
    for (const { table_name, keyed } of tables) {
      // The table names come from the store's catalog, checked against the scratch store's own tables.
      if (!(await scratch.one(sql`SELECT 1 FROM duckdb_tables() WHERE database_name = 'memory' AND table_name = ${table_name}`))) continue;
      const table = raw(table_name);
      if (REFERENCE_TABLES.has(table_name)) await scratch.run(sql`INSERT INTO ${table} BY NAME SELECT * FROM source.${table}`);
      // Other studies' panel use decides whether a panel file may replace a panel (gene-panels.ts).
      else if (table_name === 'info') await scratch.run(sql`INSERT INTO info BY NAME SELECT * FROM source.info WHERE key = 'geneset_version'`);
      else if (table_name === 'sample_profile') await scratch.run(sql`INSERT INTO ${table} BY NAME SELECT * FROM source.${table} WHERE panel_key IS NOT NULL OR list_contains(${keys}::INTEGER[], study_key)`);
      else if (keyed) await scratch.run(sql`INSERT INTO ${table} BY NAME SELECT * FROM source.${table} WHERE list_contains(${keys}::INTEGER[], study_key)`);
    }
  } finally {
    await scratch.exec('DETACH source');
  }
}
