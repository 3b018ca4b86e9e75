import { it } from 'vitest';
import { rmSync } from 'node:fs';
import { Db } from '/work/main/engine/sql/db.js';
import { GeneResolver } from '/work/main/loaders/genes/gene-resolver.js';
import { importGenes } from '/work/main/loaders/reference/genes-import.js';
import { loadStudy } from '/work/main/loaders/load-study.js';
it('bench', async () => {
  for (const [dir, path] of [['/tmp/mx/big5k', ':memory:'], ['/tmp/mx/big5k', '/tmp/mx/bench.duckdb'], ['/tmp/mx/big20k', '/tmp/mx/bench.duckdb']]) {
    rmSync(path, { force: true }); rmSync(path + '.wal', { force: true });
    const db = await Db.open(path);
    await importGenes(db, '/work/shared/reference');
    const genes = await GeneResolver.load(db);
    const t = performance.now();
    const s = await loadStudy(db, genes, dir);
    const sec = (performance.now() - t) / 1000;
    console.log(dir, path, JSON.stringify(s.rows), sec.toFixed(2), 's', Math.round(s.rows.gene_value / sec), 'rows/s', 'rss', Math.round(process.memoryUsage().rss / 1e6), 'MB');
    db.close();
  }
}, 600000);
