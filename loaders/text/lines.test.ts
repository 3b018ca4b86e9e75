import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { readLines } from './lines.js';

const dir = mkdtempSync(join(tmpdir(), 'duckportal-lines-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function linesOf(content: string | Buffer, name = 'f.txt'): Promise<string[]> {
  const path = join(dir, name);
  writeFileSync(path, content);
  const out: string[] = [];
  for await (const { text, lineNo } of readLines(path)) out.push(`${lineNo}:${text}`);
  return out;
}

describe('readLines', () => {
  it('ends lines at LF, CRLF or a lone CR, as node:readline does, with no line after the last end', async () => {
    expect(await linesOf('a\nb\n')).toEqual(['1:a', '2:b']);
    expect(await linesOf('a\r\nb')).toEqual(['1:a', '2:b']);
    expect(await linesOf('a\rb\r')).toEqual(['1:a', '2:b']);
    expect(await linesOf('a\r\r\n\nb\r\r')).toEqual(['1:a', '2:', '3:', '4:b', '5:']);
    expect(await linesOf('')).toEqual([]);
    expect(await linesOf('\n\n')).toEqual(['1:', '2:']);
  });

  it('drops a BOM, keeps multi-byte characters cut by the 1 MB chunks, and reads a .gz file gunzipped', async () => {
    expect(await linesOf('\uFEFFh\tq\r\n1')).toEqual(['1:h\tq', '2:1']);
    const long = 'é'.repeat(700_000); // 1.4 MB: the first chunk ends inside a character
    expect(await linesOf(`${long}\nü`)).toEqual([`1:${long}`, '2:ü']);
    expect(await linesOf(gzipSync('x\r\ny\n'), 'f.gz')).toEqual(['1:x', '2:y']);
  });
});
