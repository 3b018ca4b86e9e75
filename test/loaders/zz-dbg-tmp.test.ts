import { it } from 'vitest';
import { Db } from '/work/main/engine/sql/db.js';
import { sql } from '/work/main/engine/sql/sql.js';
it('dbg', async () => {
  const db = await Db.open(':memory:');
  const file = '/work/shared/studies/genepanel_test_study/data_cna_discrete.txt';
  await db.run(sql`CREATE OR REPLACE TEMP TABLE matrix_lines AS
      SELECT line FROM read_csv(${file}, delim = ${'\u0001'}, quote = '', escape = '', header = false, skip = ${1},
        columns = {'line': 'VARCHAR'}, auto_detect = false, strict_mode = false, max_line_size = ${2097152})`);
  console.log(await db.all(sql`SELECT rowid, line, split_part(line, ${'\t'}, 1) AS f FROM matrix_lines`));
  await db.run(sql`CREATE OR REPLACE TEMP TABLE matrix_rows AS
    SELECT unnest(${[0, 1]}::BIGINT[]) AS r, unnest(${['ABLIM1', 'CADM2']}::VARCHAR[]) AS first_cell, unnest(${[1, 2]}::INTEGER[]) AS entrez_gene_id`);
  console.log(await db.all(sql`SELECT * FROM matrix_rows`));
});
