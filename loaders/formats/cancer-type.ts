// A study folder's cancer type file (study-format 7): 4 fields per line, no header.
// Types are global; an id that already exists is kept as it is.
import { sql } from '../../engine/sql/sql.js';
import type { Db } from '../../engine/sql/db.js';
import { LoadError, type Warnings } from '../errors.js';
import { dataFilePath, type MetaFile } from '../study-dir.js';
import { TsvFile } from '../text/tsv.js';

export async function loadCancerTypes(db: Db, meta: MetaFile, warnings: Warnings): Promise<void> {
  const path = dataFilePath(meta);
  const tsv = new TsvFile(path, { noHeader: true });
  const defined = new Map<string, { row: string[]; lineNo: number }>();
  for await (const { cells, lineNo } of tsv.rows()) {
    if (cells.length !== 4) throw new LoadError({ file: path, line: lineNo }, `expected 4 fields (id, name, color, parent), found ${cells.length}`);
    if (cells.some((c) => c === '')) throw new LoadError({ file: path, line: lineNo }, 'blank field');
    const id = cells[0].toLowerCase();
    if (defined.has(id)) throw new LoadError({ file: path, line: lineNo }, `cancer type '${id}' is defined twice`);
    defined.set(id, { row: cells, lineNo });
  }
  for (const [id, { row, lineNo }] of defined) {
    const parent = row[3].toLowerCase();
    if (parent !== 'tissue' && !defined.has(parent) && !(await db.one(sql`SELECT 1 FROM type_of_cancer WHERE type_of_cancer_id = ${parent}`)))
      throw new LoadError({ file: path, line: lineNo, column: 4 }, `unknown parent cancer type '${row[3]}'`);
    if (await db.one(sql`SELECT 1 FROM type_of_cancer WHERE type_of_cancer_id = ${id}`)) {
      warnings.add({ file: path, line: lineNo }, `cancer type '${id}' exists already and is kept as it is`);
      continue;
    }
    await db.run(sql`INSERT INTO type_of_cancer VALUES (${id}, ${row[1]}, ${row[2]}, ${row[0]}, ${parent})`);
  }
}
