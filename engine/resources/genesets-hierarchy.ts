// The gene set hierarchy of a GSVA score profile (api.md 19.4), as GenesetHierarchyServiceImpl
// builds it: representative score per gene set, thresholds, then the nodes leading to kept sets.
import { InvalidRequest } from '../errors.js';
import type { ReadOnlyDb } from '../sql/db.js';
import { sql } from '../sql/sql.js';
import { fetchGenesetData, fetchProfilesReferringTo, type GenesetDataRow, type GenesetSamples } from './genesets.js';
import { NUMERIC_VALUE_PATTERN } from './molecular-data-value.js';
import type { ProfileRow } from './lookup.js';

const NUMERIC = new RegExp(NUMERIC_VALUE_PATTERN);

export interface HierarchyParams {
  percentile: number;
  scoreThreshold: number;
  pvalueThreshold: number;
}

export interface HierarchyGeneset {
  genesetId: string;
  name?: string;
  description?: string;
  refLink?: string;
  representativeScore: number;
  representativePvalue: number;
}

export interface HierarchyNode {
  nodeId: number;
  nodeName: string;
  parentId?: number;
  parentNodeName?: string;
  genesets?: HierarchyGeneset[];
}

interface LeafRow { node_id: number; geneset_id: string; name: string | null; description: string | null; ref_link: string | null }

/**
 * The score profile must have datatype GSVA-SCORE and exactly one P-VALUE profile referring to it.
 * The reference fails with 500 otherwise; these are answered as 400 with its messages.
 */
export async function fetchGenesetHierarchy(db: ReadOnlyDb, profile: ProfileRow, samples: GenesetSamples, params: HierarchyParams): Promise<HierarchyNode[]> {
  if (profile.datatype !== 'GSVA-SCORE')
    throw new InvalidRequest(`Genetic profile should be of DATA_TYPE = GSVA-SCORE, but found: ${profile.datatype}`);
  const pvalueProfiles = await fetchProfilesReferringTo(db, profile.stable_id);
  if (pvalueProfiles.length !== 1)
    throw new InvalidRequest(`The given gene set profile [${profile.stable_id}] should have (at least) 1 and only 1 linked p-values profile in DB`);
  if (pvalueProfiles[0].datatype !== 'P-VALUE') throw new InvalidRequest('Genetic profile should be of DATA_TYPE = P-VALUE');

  const scores = await fetchGenesetData(db, profile, samples);
  const pvalues = await fetchGenesetData(db, pvalueProfiles[0], samples);
  const nodes = await db.all<{ node_id: number; node_name: string; parent_id: number | null }>(
    sql`SELECT node_id, node_name, parent_id FROM geneset_hierarchy_node`);
  const leaves = await db.all<LeafRow>(sql`SELECT l.node_id, g.geneset_id, g.name, g.description, g.ref_link
    FROM geneset_hierarchy_leaf l JOIN geneset g USING (geneset_key)`);
  return buildHierarchy(
    nodes.map((n) => ({ nodeId: n.node_id, nodeName: n.node_name, parentId: n.parent_id ?? undefined })),
    leaves, scoreTable(scores), scoreTable(pvalues), params,
  );
}

/** geneset id → sample key ("study:sample") → value text. */
function scoreTable(rows: readonly GenesetDataRow[]): Map<string, Map<string, string>> {
  const table = new Map<string, Map<string, string>>();
  for (const r of rows) {
    const bySample = table.get(r.geneset_id) ?? new Map<string, string>();
    bySample.set(r.unique_sample_key, r.value);
    table.set(r.geneset_id, bySample);
  }
  return table;
}

/**
 * Leaf parents are the nodes holding a scored gene set; every other node is a "super node".
 * Leaf parents keep their scored sets that pass the thresholds (sorted by name); one left with none
 * becomes a super node. The answer lists the super nodes leading to a kept leaf parent, level by
 * level upwards, then the kept leaf parents; each list in (parent name, name) order, roots first.
 */
export function buildHierarchy(
  allNodes: { nodeId: number; nodeName: string; parentId?: number }[],
  leaves: readonly LeafRow[],
  scores: Map<string, Map<string, string>>,
  pvalues: Map<string, Map<string, string>>,
  params: HierarchyParams,
): HierarchyNode[] {
  if (scores.size === 0) return [];
  const nameOf = new Map(allNodes.map((n) => [n.nodeId, n.nodeName]));
  const nodes: HierarchyNode[] = allNodes
    .map((n) => ({ ...n, parentNodeName: n.parentId === undefined ? undefined : nameOf.get(n.parentId) }))
    .sort((a, b) => compareNullsFirst(a.parentNodeName, b.parentNodeName) || compareNullsFirst(a.nodeName, b.nodeName));
  const scoredParents = new Set(leaves.filter((l) => scores.has(l.geneset_id)).map((l) => l.node_id));
  const superNodes = nodes.filter((n) => !scoredParents.has(n.nodeId));
  const parents = nodes.filter((n) => scoredParents.has(n.nodeId));
  for (const parent of parents) {
    parent.genesets = leaves
      .filter((l) => l.node_id === parent.nodeId && scores.has(l.geneset_id))
      .sort((a, b) => compareNullsFirst(a.name ?? undefined, b.name ?? undefined))
      .map((l) => ({ ...genesetOf(l), ...representative(scores.get(l.geneset_id), pvalues.get(l.geneset_id), params.percentile) }))
      .filter((g) => Math.abs(g.representativeScore) >= params.scoreThreshold && g.representativePvalue <= params.pvalueThreshold);
    if (parent.genesets.length === 0) superNodes.push(parent);
  }
  const kept = parents.filter((p) => (p.genesets?.length ?? 0) > 0);
  return [...ancestors(superNodes, kept), ...kept];
}

/** The super nodes that are parents of `referring`, then their parents, and so on. */
function ancestors(superNodes: readonly HierarchyNode[], referring: readonly HierarchyNode[]): HierarchyNode[] {
  const parentIds = new Set(referring.map((n) => n.parentId));
  const level = superNodes.filter((n) => parentIds.has(n.nodeId));
  if (level.length === 0) return [];
  const out = [...level];
  for (const n of ancestors(superNodes, level)) if (!out.includes(n)) out.push(n);
  return out;
}

function genesetOf(l: LeafRow): Omit<HierarchyGeneset, 'representativeScore' | 'representativePvalue'> {
  const g: Omit<HierarchyGeneset, 'representativeScore' | 'representativePvalue'> = { genesetId: l.geneset_id };
  if (l.name !== null) g.name = l.name;
  if (l.description !== null) g.description = l.description;
  if (l.ref_link !== null) g.refLink = l.ref_link;
  return g;
}

/**
 * Per sample (score, p-value); a non-numeric score is skipped, a non-numeric or missing p-value is
 * 1. Positives ascending, negatives descending; each side's element at max(1, round(pct·n/100)) − 1
 * (an empty side is (0, 1)); the side with the larger |score| wins, ties go to the negative side.
 */
export function representative(scores: Map<string, string> | undefined, pvalues: Map<string, string> | undefined, percentile: number):
  { representativeScore: number; representativePvalue: number } {
  const positive: [number, number][] = [];
  const negative: [number, number][] = [];
  for (const [sample, text] of scores ?? []) {
    if (!NUMERIC.test(text)) continue;
    const score = Number(text);
    const p = pvalues?.get(sample);
    const pair: [number, number] = [score, p !== undefined && NUMERIC.test(p) ? Number(p) : 1];
    (score >= 0 ? positive : negative).push(pair);
  }
  positive.sort((a, b) => a[0] - b[0]);
  negative.sort((a, b) => b[0] - a[0]);
  const pick = (side: [number, number][]): [number, number] =>
    side.length === 0 ? [0, 1] : side[Math.max(1, Math.round((percentile * side.length) / 100)) - 1];
  const pos = pick(positive);
  const neg = pick(negative);
  const [representativeScore, representativePvalue] = Math.abs(pos[0]) > Math.abs(neg[0]) ? pos : neg;
  return { representativeScore, representativePvalue };
}

/** SQL's ORDER BY on text: NULL first (MySQL), then binary order. */
function compareNullsFirst(a: string | undefined, b: string | undefined): number {
  if (a === b) return 0;
  if (a === undefined) return -1;
  if (b === undefined) return 1;
  return a < b ? -1 : 1;
}
