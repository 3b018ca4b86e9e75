// `duckportal genesets import` of shared/studies/genesets (the reference gene sets of study_es_0).
import { chmodSync, cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../engine/sql/db.js';
import { raw, sql } from '../../engine/sql/sql.js';
import type { GeneResolver } from '../../loaders/genes/gene-resolver.js';
import { importGenesets } from '../../loaders/reference/genesets-import.js';
import { openReferenceStore, STUDIES } from '../helpers/store.js';

let store: { db: Db; genes: GeneResolver };
const GENESETS = join(STUDIES, 'genesets');
const count = async (table: string) => (await store.db.one<{ n: number }>(sql`SELECT count(*)::INTEGER AS n FROM ${raw(table)}`))?.n;

beforeAll(async () => {
  store = await openReferenceStore();
});

describe('genesets import', () => {
  it('loads the 7 gene sets, their genes and the hierarchy', async () => {
    const summary = await importGenesets(store.db, GENESETS);
    // study_es_0_tree.yaml: 4 categories (2 roots, 2 under "Different Gene sets from Random Institute").
    expect(summary).toMatchObject({ genesets: 7, nodes: 4, warnings: [] });
    // GMT: 7 lines; entrez ids after the 2nd column: 2+3+2+2+4+1+2 (awk '{n+=NF-2}').
    expect(await count('geneset')).toBe(7);
    expect(await count('geneset_gene')).toBe(16);
    // "Gene sets:" list items in the YAML: 1 + 2 + 1 + 1.
    expect(await count('geneset_hierarchy_leaf')).toBe(5);
    const nodes = await store.db.all(sql`SELECT node_id, node_name, parent_id FROM geneset_hierarchy_node ORDER BY node_id`);
    expect(nodes).toEqual([
      { node_id: 1, node_name: 'Custom Gene sets', parent_id: null },
      { node_id: 2, node_name: 'Different Gene sets from Random Institute', parent_id: null },
      { node_id: 3, node_name: 'Institutes Subcategory 1', parent_id: 2 },
      { node_id: 4, node_name: 'Institutes Subcategory 2', parent_id: 2 },
    ]);
    const geneset = await store.db.one(sql`SELECT name, description, ref_link FROM geneset WHERE geneset_id = 'GO_ACYLGLYCEROL_HOMEOSTASIS'`);
    expect(geneset).toEqual({
      name: 'GO_ACYLGLYCEROL_HOMEOSTASIS',
      description: 'Genes associated with ACYLGLYCEROL_HOMEOSTASIS based on gene ontology from C5 (MSigDB)',
      ref_link: 'http://dummy',
    });
    expect(await store.db.one(sql`SELECT value FROM info WHERE key = 'geneset_version'`)).toEqual({ value: 'msigdb_7.5.1' });
  });

  it('skips unknown Entrez ids with a warning', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'duckportal-genesets-')), 'genesets');
    cpSync(GENESETS, dir, { recursive: true });
    const gmt = join(dir, 'study_es_0_genesets.gmt');
    chmodSync(dir, 0o755);
    chmodSync(gmt, 0o644);
    writeFileSync(gmt, readFileSync(gmt, 'utf8').replace('http://dummy\t207\t208\n', 'http://dummy\t207\t208\t999999999\n'));
    const summary = await importGenesets(store.db, dir, { version: 'test_version' });
    expect(summary.warnings).toEqual(['study_es_0_genesets.gmt (line 1): Entrez gene id not in the gene table; membership skipped']);
    expect(await count('geneset_gene')).toBe(16);
    await importGenesets(store.db, GENESETS);
  });
});

