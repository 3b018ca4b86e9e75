// The data rows of a tab-separated data file as its loader reads them (study-format 3.2): lines
// that are neither blank nor '#' comments, less the header line. Counted apart from the format
// loaders, in bytes (a newline scan), so that the summary's "rows read" holds whatever they parse with.
import { createReadStream } from 'node:fs';
import { createGunzip } from 'node:zlib';

const NEWLINE = 0x0a;
const HASH = 0x23;
const BOM = [0xef, 0xbb, 0xbf];

export async function countDataRows(path: string): Promise<number> {
  const file = createReadStream(path, { highWaterMark: 1 << 20 });
  const input = path.endsWith('.gz') ? file.pipe(createGunzip()) : file;
  let lines = 0;
  let offset = 0; // bytes of the file before the current chunk
  let pending: 'start' | 'blank' | 'none' = 'start'; // state of the line that runs across chunks
  for await (const chunk of input as AsyncIterable<Buffer>) {
    let i = 0;
    if (offset === 0 && BOM.every((b, k) => chunk[k] === b)) i = BOM.length;
    offset += chunk.length;
    while (i < chunk.length) {
      if (pending === 'start' || pending === 'blank') {
        const byte = chunk[i];
        if (byte === NEWLINE) pending = 'start';
        else if (byte === 0x20 || byte === 0x09 || byte === 0x0d) pending = 'blank';
        else {
          if (pending === 'start' && byte === HASH) {
            // a comment line: not a row
          } else lines++;
          pending = 'none';
        }
        i++;
        continue;
      }
      const end = chunk.indexOf(NEWLINE, i);
      if (end < 0) break;
      pending = 'start';
      i = end + 1;
    }
  }
  return Math.max(lines - 1, 0);
}
