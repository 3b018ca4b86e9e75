// `duckportal genesets import <dir>`: gene set definitions (GMT), their names (supplementary file)
// and the hierarchy (YAML), study-format 18.1. Like `importGenesetData.pl --new-version`, it replaces
// all gene sets, the hierarchy and the GSVA data, and records the version (upstream names it, e.g. msigdb_7.5.1).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import type { Db } from '../../engine/sql/db.js';
import { sql } from '../../engine/sql/sql.js';
import { LoadError, Warnings } from '../errors.js';
import { BulkWriter } from '../store/bulk-writer.js';
import { readLines } from '../text/lines.js';

/** The version study_es_0's GSVA files declare (`geneset_def_version`), as upstream's test setup loads them. */
export const DEFAULT_GENESET_VERSION = 'msigdb_7.5.1';

export interface Geneset {
  id: string;
  refLink: string;
  name: string;
  description: string;
  entrezIds: number[];
  line: number;
}

export interface HierarchyNode {
  nodeId: number;
  name: string;
  parentId: number | null;
}

export interface Hierarchy {
  nodes: HierarchyNode[];
  leaves: { nodeId: number; genesetId: string }[];
}

export interface GenesetImportSummary {
  genesets: number;
  nodes: number;
  warnings: string[];
}

export async function importGenesets(db: Db, dir: string, options: { version?: string } = {}): Promise<GenesetImportSummary> {
  const files = findGenesetFiles(dir);
  const warnings = new Warnings();
  const genesets = await readGmt(files.gmt);
  if (files.supp) await applySupplement(files.supp, genesets, warnings);
  const hierarchy = files.hierarchy ? parseHierarchy(files.hierarchy, readFileSync(files.hierarchy, 'utf8'), new Set(genesets.keys())) : { nodes: [], leaves: [] };
  const known = new Set((await db.all<{ entrez_gene_id: number }>(sql`SELECT entrez_gene_id FROM gene`)).map((r) => r.entrez_gene_id));
  await db.transaction(async () => {
    for (const table of ['geneset_value', 'geneset_hierarchy_leaf', 'geneset_hierarchy_node', 'geneset_gene', 'geneset'] as const)
      await db.run(DELETES[table]);
    const keys = await writeGenesets(db, genesets, known, files.gmt, warnings);
    await writeRows(db, 'geneset_hierarchy_node', hierarchy.nodes.map((n) => ({ node_id: n.nodeId, node_name: n.name, parent_id: n.parentId })));
    await writeRows(db, 'geneset_hierarchy_leaf', hierarchy.leaves.map((l) => ({ node_id: l.nodeId, geneset_key: keys.get(l.genesetId) })));
    await db.run(sql`INSERT OR REPLACE INTO info VALUES ('geneset_version', ${options.version ?? DEFAULT_GENESET_VERSION})`);
  });
  return { genesets: genesets.size, nodes: hierarchy.nodes.length, warnings: warnings.summary() };
}

/** Constant statements, one per table the import replaces. */
const DELETES = {
  geneset_value: sql`DELETE FROM geneset_value`,
  geneset_hierarchy_leaf: sql`DELETE FROM geneset_hierarchy_leaf`,
  geneset_hierarchy_node: sql`DELETE FROM geneset_hierarchy_node`,
  geneset_gene: sql`DELETE FROM geneset_gene`,
  geneset: sql`DELETE FROM geneset`,
};

/** The folder's GMT file (required), `*supp*.txt` file and hierarchy YAML (optional). */
export function findGenesetFiles(dir: string): { gmt: string; supp?: string; hierarchy?: string } {
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => !n.startsWith('.') && !n.endsWith('~')).sort();
  } catch (error) {
    throw new LoadError({ file: dir }, `cannot read the folder: ${(error as Error).message}`);
  }
  const pick = (pattern: RegExp, what: string, required: boolean) => {
    const found = names.filter((n) => pattern.test(n));
    if (found.length > 1) throw new LoadError({ file: dir }, `more than one ${what} file: ${found.join(', ')}`);
    if (required && found.length === 0) throw new LoadError({ file: dir }, `no ${what} file found`);
    return found.length ? join(dir, found[0]) : undefined;
  };
  const gmt = pick(/\.gmt$/i, 'gene set (*.gmt)', true) as string;
  return { gmt, supp: pick(/supp.*\.txt$/i, 'supplementary (*supp*.txt)', false), hierarchy: pick(/\.ya?ml$/i, 'hierarchy (*.yaml)', false) };
}

/** `<id> <ref link> <entrez id>...` per line, no header; name and description default to the id. */
export function parseGmtLine(path: string, line: number, text: string): Geneset {
  const parts = text.split('\t').map((p) => p.trim());
  if (parts.length < 2 || parts[0] === '') throw new LoadError({ file: path, line }, 'expected a gene set id and a reference link');
  const entrezIds = new Set<number>();
  for (const token of parts.slice(2)) {
    if (token === '') continue;
    if (!/^\d+$/.test(token)) throw new LoadError({ file: path, line, column: token }, `'${token}' is not an Entrez gene id`);
    entrezIds.add(Number(token));
  }
  return { id: parts[0], refLink: parts[1], name: parts[0], description: parts[0], entrezIds: [...entrezIds], line };
}

async function readGmt(path: string): Promise<Map<string, Geneset>> {
  const genesets = new Map<string, Geneset>();
  for await (const { text, lineNo } of readLines(path)) {
    if (text.trim() === '') continue;
    const geneset = parseGmtLine(path, lineNo, text);
    if (genesets.has(geneset.id)) throw new LoadError({ file: path, line: lineNo }, `gene set ${geneset.id} is defined twice`);
    genesets.set(geneset.id, geneset);
  }
  if (genesets.size === 0) throw new LoadError({ file: path }, 'the GMT file defines no gene set');
  return genesets;
}

/** `<id> <name> <description>` per line; ids that are not in the GMT file are skipped. */
async function applySupplement(path: string, genesets: Map<string, Geneset>, warnings: Warnings): Promise<void> {
  for await (const { text, lineNo } of readLines(path)) {
    if (text.trim() === '') continue;
    const [id, name, description] = text.split('\t').map((p) => p.trim());
    if (description === undefined) throw new LoadError({ file: path, line: lineNo }, 'expected gene set id, name and description');
    const geneset = genesets.get(id);
    if (!geneset) warnings.add({ file: path, line: lineNo }, 'gene set not in the GMT file; skipped');
    else Object.assign(geneset, { name, description });
  }
}

/**
 * Nested mappings: every key but `Gene sets` is a category (node ids in document order, roots have
 * no parent); `Gene sets` lists the gene sets of the enclosing category, which must all be defined.
 */
export function parseHierarchy(path: string, text: string, genesetIds: ReadonlySet<string>): Hierarchy {
  let tree: unknown;
  try {
    tree = parse(text, { mapAsMap: true }); // Maps keep the document order of number-like keys too
  } catch (error) {
    throw new LoadError({ file: path }, `invalid YAML: ${(error as Error).message}`);
  }
  const hierarchy: Hierarchy = { nodes: [], leaves: [] };
  const walk = (mapping: unknown, parentId: number | null) => {
    if (mapping === null || mapping === undefined) return;
    if (!(mapping instanceof Map)) throw new LoadError({ file: path }, 'categories must be YAML mappings');
    for (const [rawKey, value] of mapping) {
      const key = String(rawKey);
      if (key !== 'Gene sets') {
        const nodeId = hierarchy.nodes.length + 1;
        hierarchy.nodes.push({ nodeId, name: key, parentId });
        walk(value, nodeId);
        continue;
      }
      if (parentId === null) throw new LoadError({ file: path }, '`Gene sets` must be inside a category');
      const ids = value === null ? [] : value;
      if (!Array.isArray(ids)) throw new LoadError({ file: path }, '`Gene sets` must be a list of gene set ids');
      for (const id of new Set(ids.map(String))) {
        if (!genesetIds.has(id)) throw new LoadError({ file: path }, `gene set ${id} of the hierarchy is not in the GMT file`);
        hierarchy.leaves.push({ nodeId: parentId, genesetId: id });
      }
    }
  };
  walk(tree, null);
  return hierarchy;
}

/** Gene sets get keys 1..n in file order; members unknown to the gene table are skipped. */
async function writeGenesets(db: Db, genesets: Map<string, Geneset>, known: ReadonlySet<number>, gmt: string, warnings: Warnings): Promise<Map<string, number>> {
  const keys = new Map<string, number>();
  const sets = await BulkWriter.open(db, 'geneset');
  const members = await BulkWriter.open(db, 'geneset_gene');
  try {
    for (const g of genesets.values()) {
      const key = keys.size + 1;
      keys.set(g.id, key);
      sets.add({ geneset_key: key, geneset_id: g.id, name: g.name, description: g.description, ref_link: g.refLink });
      for (const entrez of g.entrezIds) {
        if (known.has(entrez)) members.add({ geneset_key: key, entrez_gene_id: entrez });
        else warnings.add({ file: gmt, line: g.line }, 'Entrez gene id not in the gene table; membership skipped');
      }
    }
    await sets.finish();
    await members.finish();
  } finally {
    sets.discard();
    members.discard();
  }
  return keys;
}

async function writeRows(db: Db, table: string, rows: Record<string, string | number | null | undefined>[]): Promise<void> {
  const writer = await BulkWriter.open(db, table);
  try {
    for (const row of rows) writer.add(row);
    await writer.finish();
  } finally {
    writer.discard();
  }
}
