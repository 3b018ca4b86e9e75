// Gene panel matrix (study-format 16.2, 16.3), as ImportGenePanelProfileMap: per sample and profile
// column, the panel the sample was profiled with. A panel id or WXS/WGS/WXS/WGS (no panel) makes
// the sample profiled and overrides the meta gene_panel; NA says nothing.
import { sql } from '../../engine/sql/sql.js';
import type { ProfileRef, StudyContext } from '../context.js';
import { LoadError } from '../errors.js';
import { dataFilePath } from '../study-dir.js';
import { TsvFile } from '../text/tsv.js';
import type { FormatLoader } from './format-loader.js';

const WHOLE_EXOME_OR_GENOME = new Set(['WXS', 'WGS', 'WXS/WGS']);

/** The profile a column names: `<studyId>_` is added unless the name starts with the study id. */
export function panelMatrixProfileId(studyId: string, column: string): string {
  return column.startsWith(studyId) ? column : `${studyId}_${column}`;
}

export const loadGenePanelMatrix: FormatLoader = async (ctx, meta) => {
  const file = dataFilePath(meta);
  const tsv = new TsvFile(file);
  const { columns, lineNo: headerLine } = await tsv.readHeader();
  const sampleCol = columns.indexOf('SAMPLE_ID');
  if (sampleCol < 0) throw new LoadError({ file, line: headerLine }, 'the column SAMPLE_ID is required');
  const profiles = new Map<number, ProfileRef>();
  columns.forEach((column, i) => {
    if (i === sampleCol) return;
    const profile = ctx.profiles.get(panelMatrixProfileId(ctx.study.id, column));
    if (!profile) throw new LoadError({ file, line: headerLine, column }, `'${column}' names no molecular profile of the study`);
    profiles.set(i, profile);
  });
  const panels = new PanelKeys(ctx, file);
  const seen = new Set<number>();
  for await (const batch of tsv.rowBatches()) {
    for (const { cells, lineNo: line } of batch) {
      const assigned = [...profiles].filter(([i]) => cells[i] !== 'NA');
      if (assigned.length === 0) {
        ctx.warnings.filter({ file, line }, 'rows with NA in every profile column (they say nothing)', 1);
        continue;
      }
      const sample = ctx.sampleOfRow(cells[sampleCol], { file, line, column: 'SAMPLE_ID' }, 'abort');
      if (!sample) continue;
      if (seen.has(sample.sampleKey)) {
        ctx.warn({ file, line }, 'sample listed twice, row ignored');
        continue;
      }
      seen.add(sample.sampleKey);
      for (const [i, profile] of assigned) {
        const panelKey = await panels.keyOf(cells[i], line, columns[i]);
        ctx.markProfiled(profile.profileKey, sample.sampleKey, panelKey);
        // WXS/WGS also replaces a panel the meta gene_panel key gave.
        if (panelKey === null) ctx.profiled.get(profile.profileKey)?.set(sample.sampleKey, null);
      }
    }
  }
};

/** Panel keys by panel id; null for whole exome/genome; a panel that is not loaded aborts. */
class PanelKeys {
  private readonly keys = new Map<string, number>();

  constructor(
    private readonly ctx: StudyContext,
    private readonly file: string,
  ) {}

  async keyOf(value: string, line: number, column: string): Promise<number | null> {
    if (WHOLE_EXOME_OR_GENOME.has(value)) return null;
    if (value === '') throw new LoadError({ file: this.file, line, column }, 'blank cell: write a gene panel id, WXS, WGS, WXS/WGS or NA');
    let key = this.keys.get(value);
    if (key === undefined) {
      const row = await this.ctx.db.one<{ panel_key: number }>(sql`SELECT panel_key FROM gene_panel WHERE panel_id = ${value}`);
      if (!row) throw new LoadError({ file: this.file, line, column }, `gene panel '${value}' is not loaded`);
      key = row.panel_key;
      this.keys.set(value, key);
    }
    return key;
  }
}
