// Streams a text file line by line (UTF-8, LF or CRLF, BOM dropped) with 1-based line numbers;
// a file named *.gz is gunzipped on the way (COSMIC's VCF comes gzipped).
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { trackRead } from './read-progress.js';

export interface NumberedLine {
  text: string;
  lineNo: number;
}

export async function* readLines(path: string): AsyncGenerator<NumberedLine> {
  const gzipped = path.endsWith('.gz');
  const file = createReadStream(path, { encoding: gzipped ? undefined : 'utf8', highWaterMark: 1 << 20 });
  trackRead(path, file);
  // pipeline forwards a read error to the gunzip stream, whose error ends the loop below.
  const input = gzipped ? pipeline(file, createGunzip(), () => {}) : file;
  const reader = createInterface({ input, crlfDelay: Infinity });
  let lineNo = 0;
  for await (const raw of reader) {
    lineNo++;
    let text = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (lineNo === 1 && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    yield { text, lineNo };
  }
}
