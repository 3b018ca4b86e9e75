// Gene panel definition files (study-format 16.1): global panels, imported before study data.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from '../../engine/sql/db.js';
import { sql } from '../../engine/sql/sql.js';
import { LoadError, type Warnings } from '../errors.js';
import type { GeneResolver } from '../genes/gene-resolver.js';
import { parseKeyValueFile, requireKey } from '../text/key-value-file.js';

export async function importGenePanelFile(db: Db, genes: GeneResolver, path: string, warnings: Warnings): Promise<{ panelId: string; replaced: boolean }> {
  const file = parseKeyValueFile(path);
  const panelId = requireKey(file, 'stable_id');
  const line = file.lineOf.get('gene_list');
  const entrezIds = new Set<number>();
  for (const token of requireKey(file, 'gene_list').split('\t').map((t) => t.trim()).filter(Boolean)) {
    const gene = /^\d+$/.test(token) ? genes.byEntrezId(Number(token))?.entrezGeneId : resolveSymbol(genes, token);
    if (!gene) throw new LoadError({ file: path, line }, `gene '${token}' of panel ${panelId} is unknown`);
    if (entrezIds.has(gene)) throw new LoadError({ file: path, line }, `gene '${token}' is listed twice in panel ${panelId}`);
    entrezIds.add(gene);
  }
  const existing = await db.one<{ panel_key: number }>(sql`SELECT panel_key FROM gene_panel WHERE panel_id = ${panelId}`);
  if (existing) {
    const old = (await db.all<{ entrez_gene_id: number }>(sql`SELECT entrez_gene_id FROM gene_panel_gene WHERE panel_key = ${existing.panel_key}`)).map((r) => r.entrez_gene_id);
    if (old.length === entrezIds.size && old.every((g) => entrezIds.has(g))) return { panelId, replaced: false };
    warnings.add({ file: path }, `gene panel ${panelId} existed with another gene list and was replaced`);
    await db.run(sql`DELETE FROM gene_panel_gene WHERE panel_key = ${existing.panel_key}`);
  }
  const panelKey = existing?.panel_key ?? (await db.one<{ k: number }>(sql`SELECT coalesce(max(panel_key), 0)::INTEGER + 1 AS k FROM gene_panel`))!.k;
  if (existing) await db.run(sql`UPDATE gene_panel SET description = ${file.values.get('description') ?? null} WHERE panel_key = ${panelKey}`);
  else await db.run(sql`INSERT INTO gene_panel VALUES (${panelKey}, ${panelId}, ${file.values.get('description') ?? null})`);
  await db.run(sql`INSERT INTO gene_panel_gene SELECT ${panelKey}, g FROM unnest(${[...entrezIds]}::INTEGER[]) AS t(g)`);
  return { panelId, replaced: !!existing };
}

function resolveSymbol(genes: GeneResolver, symbol: string): number | undefined {
  const r = genes.bySymbolName(symbol, { firstAlias: true });
  return r.kind === 'gene' ? r.gene.entrezGeneId : undefined;
}

/** Gene panel definition files in a study folder: key/value files with stable_id and gene_list. */
export function findGenePanelFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter((name) => /gene_?panel/i.test(name) && !/matrix/i.test(name) && !/(\b|_)meta(\b|[_0-9])/i.test(name))
    .map((name) => join(dir, name))
    .filter((path) => statSync(path).isFile() && isPanelFile(path));
}

function isPanelFile(path: string): boolean {
  try {
    const file = parseKeyValueFile(path);
    return file.values.has('stable_id') && file.values.has('gene_list');
  } catch {
    return false;
  }
}
