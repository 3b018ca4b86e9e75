// Gene panel definition files (study-format 16.1): global panels, imported before the study data
// that names them. A panel id loaded again with another gene list replaces the old one, with a
// warning, unless loaded data uses it: then the import is skipped, with a warning (the studies
// profiled on it keep the genes their data was judged against).
import { closeSync, openSync, readdirSync, readSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from '../../engine/sql/db.js';
import { sql } from '../../engine/sql/sql.js';
import { LoadError, type Warnings } from '../errors.js';
import type { GeneResolver } from '../genes/gene-resolver.js';
import { parseKeyValueFile, requireKey } from '../text/key-value-file.js';

/**
 * `reloading`: the study whose data the load replaces (its own use of a panel does not count); none
 * for an incremental load, whose study keeps its data.
 */
export async function importGenePanelFile(
  db: Db, genes: GeneResolver, path: string, warnings: Warnings, reloading?: string,
): Promise<{ panelId: string; replaced: boolean }> {
  const file = parseKeyValueFile(path);
  const panelId = requireKey(file, 'stable_id');
  const description = file.values.get('description') ?? null;
  const entrezIds = panelGenes(genes, requireKey(file, 'gene_list'), { file: path, line: file.lineOf.get('gene_list') }, panelId);
  const existing = await db.one<{ panel_key: number }>(sql`SELECT panel_key FROM gene_panel WHERE panel_id = ${panelId}`);
  if (existing) {
    const old = await db.all<{ entrez_gene_id: number }>(sql`SELECT entrez_gene_id FROM gene_panel_gene WHERE panel_key = ${existing.panel_key}`);
    if (old.length === entrezIds.length && old.every((g) => entrezIds.includes(g.entrez_gene_id))) return { panelId, replaced: false };
    const user = await db.one<{ study_id: string }>(sql`
      SELECT c.study_id FROM sample_profile sp JOIN cancer_study c USING (study_key)
      WHERE sp.panel_key = ${existing.panel_key} AND c.study_id IS DISTINCT FROM ${reloading ?? null} ORDER BY c.study_key LIMIT 1`);
    if (user) {
      warnings.add({ file: path }, `gene panel ${panelId} exists with another gene list and is used by study ${user.study_id}: not replaced`);
      return { panelId, replaced: false };
    }
    warnings.add({ file: path }, `gene panel ${panelId} existed with another gene list and was replaced`);
    await db.run(sql`DELETE FROM gene_panel_gene WHERE panel_key = ${existing.panel_key}`);
    await db.run(sql`UPDATE gene_panel SET description = ${description} WHERE panel_key = ${existing.panel_key}`);
  }
  const panelKey = existing?.panel_key ?? (await db.one<{ k: number }>(sql`SELECT coalesce(max(panel_key), 0)::INTEGER + 1 AS k FROM gene_panel`))!.k;
  if (!existing) await db.run(sql`INSERT INTO gene_panel VALUES (${panelKey}, ${panelId}, ${description})`);
  await db.run(sql`INSERT INTO gene_panel_gene SELECT ${panelKey}, unnest(${entrezIds}::INTEGER[])`);
  return { panelId, replaced: !!existing };
}

/**
 * The tab-separated gene_list: an all-digit token is an Entrez id, anything else an official
 * symbol or else the first alias match. An unknown or repeated gene rejects the panel.
 */
export function panelGenes(genes: GeneResolver, geneList: string, location: { file: string; line?: number }, panelId: string): number[] {
  const ids: number[] = [];
  for (const token of geneList.split('\t').map((t) => t.trim()).filter(Boolean)) {
    let id: number | undefined;
    if (/^\d+$/.test(token)) id = genes.byEntrezId(Number(token))?.entrezGeneId;
    else {
      const found = genes.bySymbolName(token, { firstAlias: true });
      if (found.kind === 'gene') id = found.gene.entrezGeneId;
    }
    if (id === undefined) throw new LoadError(location, `gene '${token}' of gene panel ${panelId} is unknown`);
    if (ids.includes(id)) throw new LoadError(location, `gene '${token}' is listed twice in gene panel ${panelId}`);
    ids.push(id);
  }
  return ids;
}

const META_NAME = /(\b|_)meta(\b|[_0-9])/i;
/** Enough of a file to see its stable_id and gene_list keys (a panel file is small). */
const SNIFF_BYTES = 1 << 16;

/** Gene panel definition files of a study folder: key/value files with stable_id and gene_list. */
export function findGenePanelFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter((name) => !name.startsWith('.') && !name.endsWith('~') && !META_NAME.test(name))
    .sort()
    .map((name) => join(dir, name))
    .filter((path) => statSync(path).isFile() && looksLikePanelFile(path));
}

function looksLikePanelFile(path: string): boolean {
  const buffer = Buffer.alloc(SNIFF_BYTES);
  const fd = openSync(path, 'r');
  let length: number;
  try {
    length = readSync(fd, buffer, 0, SNIFF_BYTES, 0);
  } finally {
    closeSync(fd);
  }
  const head = buffer.subarray(0, length).toString('utf8');
  return /^\s*stable_id\s*:/m.test(head) && /^\s*gene_list\s*:/m.test(head);
}
