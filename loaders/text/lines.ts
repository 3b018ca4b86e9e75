// Streams a text file line by line (UTF-8; LF, CRLF or a lone CR end a line, as for node:readline;
// BOM dropped) with 1-based line numbers; a file named *.gz is gunzipped on the way (COSMIC's VCF
// comes gzipped). Lines are cut from 1 MB chunks with indexOf and handed over a chunk at a time,
// cheaper than node:readline's per-line events and regex for files of millions of lines.
import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { createGunzip } from 'node:zlib';
import { trackRead } from './read-progress.js';

export interface NumberedLine {
  text: string;
  lineNo: number;
}

export async function* readLines(path: string): AsyncGenerator<NumberedLine> {
  for await (const batch of readLineBatches(path)) yield* batch;
}

/** The lines of each chunk read, in order: a reader of millions of lines awaits once per chunk, not per line. */
export async function* readLineBatches(path: string): AsyncGenerator<NumberedLine[]> {
  const gzipped = path.endsWith('.gz');
  const file = createReadStream(path, { highWaterMark: 1 << 20 });
  trackRead(path, file);
  // pipeline forwards a read error to the gunzip stream, whose error ends the loop below.
  const input: AsyncIterable<Buffer> = gzipped ? pipeline(file, createGunzip(), () => {}) : file;
  const decoder = new StringDecoder('utf8');
  let lineNo = 0;
  let rest = '';
  const numbered = (text: string): NumberedLine => {
    lineNo++;
    return { text: lineNo === 1 && text.charCodeAt(0) === 0xfeff ? text.slice(1) : text, lineNo };
  };
  for await (const chunk of input) {
    const text = rest + decoder.write(chunk);
    const batch: NumberedLine[] = [];
    let start = 0;
    for (let end = text.indexOf('\n'); end >= 0; end = text.indexOf('\n', start)) {
      const line = text.slice(start, end);
      if (line.includes('\r')) for (const part of crSplit(line)) batch.push(numbered(part));
      else batch.push(numbered(line));
      start = end + 1;
    }
    rest = text.slice(start);
    if (batch.length > 0) yield batch;
  }
  rest += decoder.end();
  const last = crSplit(rest).map(numbered);
  if (last.length > 0) yield last;
}

/** The lines of text cut at '\n' that holds '\r': a CR ends a line, a final one (CRLF) adds none. */
function crSplit(text: string): string[] {
  const parts = text.split('\r');
  if (parts.at(-1) === '') parts.pop();
  return parts;
}
