// Streams a text file line by line (UTF-8, LF or CRLF, BOM dropped) with 1-based line numbers.
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { trackRead } from './read-progress.js';

export interface NumberedLine {
  text: string;
  lineNo: number;
}

export async function* readLines(path: string): AsyncGenerator<NumberedLine> {
  const input = createReadStream(path, { encoding: 'utf8', highWaterMark: 1 << 20 });
  trackRead(path, input);
  const reader = createInterface({ input, crlfDelay: Infinity });
  let lineNo = 0;
  for await (const raw of reader) {
    lineNo++;
    let text = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (lineNo === 1 && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    yield { text, lineNo };
  }
}
