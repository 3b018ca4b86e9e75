import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { partString, TsvFile } from './tsv.js';

describe('partString', () => {
  it("reads empty or absent text as the literal 'NA'", () => {
    expect(partString('')).toBe('NA');
    expect(partString(undefined)).toBe('NA');
    expect(partString('EXON')).toBe('EXON');
  });
});

describe('TsvFile.rowTextBatches', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tsv-test-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  async function read(text: string, how: 'cells' | 'text'): Promise<{ rows: string[]; error?: string }> {
    const path = join(dir, 'data.txt');
    writeFileSync(path, text);
    const tsv = new TsvFile(path, { skipCommentRows: true, allowLongRows: true });
    const rows: string[] = [];
    try {
      if (how === 'text') for await (const batch of tsv.rowTextBatches()) rows.push(...batch.map((r) => `${r.lineNo}:${r.text}`));
      else for await (const batch of tsv.rowBatches()) rows.push(...batch.map((r) => `${r.lineNo}:${r.cells.slice(0, 3).join('\t')}`));
    } catch (error) {
      return { rows, error: String(error) };
    }
    return { rows };
  }

  it('gives the rows rowBatches gives, trimmed and cut to the header', async () => {
    const lines = [
      'A\tB\tC',
      'a\tb\tc', // plain
      '  a \t b\t\u00a0c', // cells to trim
      'a\t\t', // empty trailing cells
      '\tb\tc', // empty first cell
      '\t\t', // blank after trimming: skipped
      '', // blank: skipped
      '#comment\tx', // comment row: skipped
      ' #not a comment\tb\tc',
      'a\tb\tc\textra\tmore', // long row: cut
      'é\tb\tü', // non-ASCII at the edges
      'a"b\tc\\d\te',
    ];
    const text = `${lines.join('\n')}\r\n`;
    const byCells = await read(text, 'cells');
    const byText = await read(text, 'text');
    expect(byText).toEqual(byCells);
    expect(byText.rows).toEqual([
      '2:a\tb\tc', '3:a\tb\tc', '4:a\t\t', '5:\tb\tc', '9:#not a comment\tb\tc', '10:a\tb\tc', '11:é\tb\tü', '12:a"b\tc\\d\te',
    ]);
  });

  it('fails on a short row as rowBatches does, after the rows before it', async () => {
    const text = 'A\tB\tC\na\tb\tc\na\tb\nx\ty\tz\n';
    const byText = await read(text, 'text');
    expect(byText).toEqual(await read(text, 'cells'));
    expect(byText.rows).toEqual(['2:a\tb\tc']);
    expect(byText.error).toMatch(/data\.txt:3: expected 3 fields, found 2/);
  });
});
