// Large JSON request bodies parsed in slices. JSON.parse of the 5.5 MB body of an alteration
// enrichment of 2 × 50,000 cases holds the event loop for 20-30 ms in one piece, and GET
// /api/health waits behind it. Here the text is scanned in slices for its long arrays; each is
// parsed some thousand elements at a time, with a pause between slices, and put back into the
// rest of the document, parsed whole (it is small). Every byte goes through JSON.parse, so what is
// accepted and what is rejected (400) does not change. A body that might hold a prototype key or
// a \u escape (which could spell one) goes to Fastify's own parser whole, as every small body does.
import type { FastifyInstance } from 'fastify';
import { pause } from '../engine/pause.js';

/** Bodies from this size on are parsed in slices. */
const LARGE_BODY = 1 << 20;
/** Arrays of at least this many elements are parsed apart, this many elements at a time. */
const LONG_ARRAY = 4096;
/** Characters scanned between two pauses of the event loop (about a millisecond). */
const CHARS_PER_SLICE = 1 << 20;

const QUOTE = 34;
const BACKSLASH = 92;
const COMMA = 44;
const OPEN_ARRAY = 91;
const CLOSE_ARRAY = 93;
const OPEN_OBJECT = 123;
const CLOSE_OBJECT = 125;

/** Routes registered after this in `app`'s context take large JSON bodies in slices. */
export function useSlicedJsonBodies(app: FastifyInstance): void {
  const whole = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (text.length < LARGE_BODY || mayHoldPrototypeKey(text)) return whole(request, text, done);
    parseInSlices(text).then((value) => done(null, value), () => done(Object.assign(new Error('Invalid JSON body'), { statusCode: 400 }), undefined));
  });
}

/** Whether the text holds a prototype key or a \u escape (which could spell one): four fast scans. */
export const mayHoldPrototypeKey = (text: string): boolean => ['__proto__', 'constructor', 'prototype', '\\u'].some((s) => text.includes(s));

interface LongArray {
  /** Offsets of its '[' and ']'. */
  start: number;
  end: number;
  /** Offsets of the commas between its elements. */
  commas: number[];
}

/** The value of a JSON text without prototype keys or \u escapes, as JSON.parse gives it. */
export async function parseInSlices(text: string): Promise<unknown> {
  const arrays = await longArrays(text);
  if (arrays.length === 0) return JSON.parse(text);
  // The document with each long array replaced by a marker string ("\u0000" and its number: no
  // string of the text holds a NUL, since it has no \u escape and JSON forbids raw control
  // characters), parsed whole; then the markers replaced by the arrays.
  let rest = '';
  let at = 0;
  arrays.forEach((a, k) => {
    rest += `${text.slice(at, a.start)}"\\u0000${k}"`;
    at = a.end + 1;
  });
  const skeleton: unknown = JSON.parse(rest + text.slice(at));
  const parsed: unknown[][] = [];
  for (const a of arrays) {
    const elements: unknown[] = [];
    // Element k lies between bound(k) and bound(k + 1): the '[', the commas, the ']'.
    const bound = (k: number) => (k === 0 ? a.start : k <= a.commas.length ? a.commas[k - 1] : a.end);
    for (let k = 0; k <= a.commas.length; k += LONG_ARRAY) {
      const last = Math.min(k + LONG_ARRAY, a.commas.length + 1);
      for (const element of JSON.parse(`[${text.slice(bound(k) + 1, bound(last))}]`) as unknown[]) elements.push(element);
      await pause();
    }
    parsed.push(elements);
  }
  return replaceMarkers(skeleton, parsed);
}

/**
 * The outermost arrays of at least LONG_ARRAY elements, in text order, found by one scan in
 * slices. Strings are skipped by searching for their closing quote (one not escaped by an odd
 * run of backslashes): most of a body is strings, and indexOf passes them several times faster
 * than a loop over their characters. A malformed text may give wrong offsets: JSON.parse then
 * rejects some slice.
 */
async function longArrays(text: string): Promise<LongArray[]> {
  const found: LongArray[] = [];
  const stack: (LongArray | null)[] = []; // null: an object
  let top: LongArray | null = null; // the innermost open array, if nothing opened since
  for (let i = 0, sliceEnd = CHARS_PER_SLICE; i < text.length; i++) {
    if (i >= sliceEnd) {
      sliceEnd = i + CHARS_PER_SLICE;
      await pause();
    }
    const c = text.charCodeAt(i);
    if (c === QUOTE) i = closingQuote(text, i);
    else if (c === COMMA) top?.commas.push(i);
    else if (c === OPEN_ARRAY) stack.push((top = { start: i, end: -1, commas: [] }));
    else if (c === OPEN_OBJECT) stack.push((top = null));
    else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) {
      const closed = stack.pop();
      top = stack.length > 0 ? stack[stack.length - 1] : null;
      if (!closed || closed.commas.length + 1 < LONG_ARRAY) continue;
      closed.end = i;
      // Arrays inside it, found before it closed, are parsed with it.
      while (found.length > 0 && found[found.length - 1].start > closed.start) found.pop();
      found.push(closed);
    }
  }
  return found;
}

/**
 * The offset of the bracket closing the array or object opened at `open` (-1 if none); strings
 * skipped as longArrays does.
 */
export function closingBracket(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) i = closingQuote(text, i);
    else if (c === OPEN_ARRAY || c === OPEN_OBJECT) depth++;
    else if ((c === CLOSE_ARRAY || c === CLOSE_OBJECT) && --depth === 0) return i;
  }
  return -1;
}

/** The offset of the quote closing the string opened at `open` (the text's length if none). */
function closingQuote(text: string, open: number): number {
  for (let at = open + 1; ; at++) {
    at = text.indexOf('"', at);
    if (at === -1) return text.length;
    let backslashes = 0;
    while (text.charCodeAt(at - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return at;
  }
}

function replaceMarkers(value: unknown, arrays: unknown[][]): unknown {
  if (typeof value === 'string' && value.charCodeAt(0) === 0) return arrays[Number(value.slice(1))];
  if (Array.isArray(value)) return value.map((v) => replaceMarkers(v, arrays));
  if (value !== null && typeof value === 'object') {
    const object = value as Record<string, unknown>;
    for (const key of Object.keys(object)) object[key] = replaceMarkers(object[key], arrays);
  }
  return value;
}
