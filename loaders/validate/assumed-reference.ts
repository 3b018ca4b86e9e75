// What `validate` without a store takes as known: the reference genomes' builds, and the cancer
// types, gene panels and gene sets a study folder names but does not define, are added to the
// scratch store as stand-ins, so that the checks needing the installation's lists are skipped
// (validateData.py's --no_portal_checks) and every other check of the files still runs.
import type { Db } from '../../engine/sql/db.js';
import { sql } from '../../engine/sql/sql.js';
import { findGenePanelFiles } from '../reference/gene-panels.js';
import { dataFilePath, type MetaFile, type StudyDir } from '../study-dir.js';
import { parseKeyValueFile } from '../text/key-value-file.js';
import { TsvFile } from '../text/tsv.js';

/** The genomes a study may name and their builds (study-format 6), for the MAF's NCBI_Build check. */
const GENOME_BUILDS = [[1, 'hg19', 'GRCh37'], [2, 'hg38', 'GRCh38'], [3, 'mm10', 'GRCm38']] as const;

export async function addAssumedReference(db: Db, study: StudyDir): Promise<void> {
  for (const [id, name, build] of GENOME_BUILDS)
    await db.run(sql`INSERT INTO reference_genome (reference_genome_id, name, build_name) SELECT ${id}, ${name}, ${build} WHERE NOT EXISTS (SELECT 1 FROM reference_genome WHERE name = ${name})`);
  const ofKind = (...kinds: MetaFile['kind'][]) => study.metas.filter((m) => kinds.includes(m.kind));
  const cancerTypeRows = await cellsOf(ofKind('cancer-type'), { noHeader: true });
  const definedTypes = new Set(cancerTypeRows.map((cells) => cells[0]?.toLowerCase()));
  const namedTypes = [...ofKind('study').map((m) => m.values.get('type_of_cancer') ?? ''), ...cancerTypeRows.map((cells) => cells[3] ?? '')];
  for (const id of new Set(namedTypes.map((t) => t.toLowerCase()))) {
    if (id === '' || id === 'tissue' || definedTypes.has(id)) continue;
    await db.run(sql`INSERT INTO type_of_cancer SELECT ${id}, ${id}, 'White', ${id}, 'tissue' WHERE NOT EXISTS (SELECT 1 FROM type_of_cancer WHERE type_of_cancer_id = ${id})`);
  }

  const definedPanels = new Set(findGenePanelFiles(study.dir).map((path) => safely(() => parseKeyValueFile(path).values.get('stable_id'))));
  const matrixCells = (await cellsOf(ofKind('gene-panel-matrix'), {})).flatMap((cells) => cells.slice(1));
  const namedPanels = [...study.metas.map((m) => m.values.get('gene_panel') ?? ''), ...matrixCells];
  for (const id of new Set(namedPanels)) {
    if (id === '' || id === 'NA' || definedPanels.has(id)) continue;
    await db.run(sql`INSERT INTO gene_panel SELECT k, ${id}, 'assumed (validate without a store)' FROM (SELECT coalesce(max(panel_key), 0) + 1 AS k FROM gene_panel)
      WHERE NOT EXISTS (SELECT 1 FROM gene_panel WHERE panel_id = ${id})`);
  }

  const gsva = ofKind('gsva-score', 'gsva-pvalue');
  // GSVA metas without a version get a stand-in: the load then names the missing key, not the
  // store's lack of gene sets.
  const version = gsva.length === 0 ? undefined : (gsva.map((m) => m.values.get('geneset_def_version')).find(Boolean) ?? '(assumed)');
  if (version) await db.run(sql`INSERT INTO info SELECT 'geneset_version', ${version} WHERE NOT EXISTS (SELECT 1 FROM info WHERE key = 'geneset_version')`);
  const genesets = (await cellsOf(gsva, {})).map((cells) => cells[0]);
  for (const id of new Set(genesets)) {
    await db.run(sql`INSERT INTO geneset (geneset_key, geneset_id, name) SELECT k, ${id}, ${id} FROM (SELECT coalesce(max(geneset_key), 0) + 1 AS k FROM geneset)
      WHERE NOT EXISTS (SELECT 1 FROM geneset WHERE geneset_id = ${id})`);
  }
}

/** The rows of the metas' data files, as far as they can be read (the load reports what cannot). */
async function cellsOf(metas: MetaFile[], options: { noHeader?: boolean }): Promise<string[][]> {
  const rows: string[][] = [];
  for (const meta of metas) {
    try {
      for await (const { cells } of new TsvFile(dataFilePath(meta), { ...options, allowShortRows: true, allowLongRows: true, skipCommentRows: true }).rows()) rows.push(cells);
    } catch {
      // unreadable: the load names the problem
    }
  }
  return rows;
}

function safely<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}
