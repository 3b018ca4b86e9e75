// Study View requests come a dozen at a time with one StudyViewFilter, and that filter may list
// every one of 272,000 samples (sampleIdentifiers: 15 MB of JSON). Parsing the list again for each
// of them costs more than most of their queries: ~40 ms, and as much again collecting the 272,000
// objects it leaves. So the text of a long list is remembered with its parsed value. A large body
// holding the same text at its one "sampleIdentifiers" key is parsed without it (a marker in its
// place, by Fastify's own parser, so that what is accepted and what is rejected do not change) and
// given the remembered identifiers: the same array, frozen, and its items (no code changes either;
// being the same list, it is checked against each route's schema once, remembered-list-validation.ts,
// and resolved to sample keys once, engine/queries/sample-identifiers.ts).
// The text cannot be part of a string (its quotes are not escaped), so equal text is an equal value.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { objectsWhere, type JsonObject } from './filter-holders.js';
import { closingBracket } from './sliced-json.js';

/** Bodies from this size on are looked at. */
const LARGE_BODY = 1 << 20;
/** Lists from this length on are remembered. */
const LONG_LIST = 4096;
/** Lists remembered, most recently used first. */
const REMEMBERED = 4;

const KEY = '"sampleIdentifiers"';
/** The value put where the list was: a string with a NUL, which a body's text cannot hold unescaped. */
const MARKER = '\u0000sampleIdentifiers';

interface Remembered {
  /** The list's text, as UTF-8 bytes. */
  bytes: Buffer;
  list: readonly unknown[];
}

interface RememberedList {
  /** The object of the body holding the list at its sampleIdentifiers key. */
  holder: JsonObject;
  list: readonly unknown[];
}

/** Each body given a remembered list. */
const givenLists = new WeakMap<JsonObject, RememberedList>();

/** The remembered list `body` was given, if its holder still holds it (a hook may have replaced it). */
export function rememberedListIn(body: unknown): RememberedList | undefined {
  const given = typeof body === 'object' && body !== null ? givenLists.get(body as JsonObject) : undefined;
  return given !== undefined && given.holder.sampleIdentifiers === given.list ? given : undefined;
}

type Done = (error: Error | null, body?: unknown) => void;
type Parser = (request: FastifyRequest, body: string | Buffer, done: Done) => void;

/** Installs the parser on `app`'s context (routes registered after it, in it or below, use it). */
export function rememberSampleIdentifierLists(app: FastifyInstance): void {
  const whole = app.getDefaultJsonParser('error', 'error') as unknown as Parser;
  const remembered: Remembered[] = [];
  app.removeContentTypeParser('application/json');
  // Bytes, not text: the body is searched and compared with memchr and memcmp, and only what is
  // around a remembered list is ever decoded (decoding 15 MB took longer than all the rest).
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const bytes = body as Buffer;
    const key = bytes.length < LARGE_BODY ? -1 : bytes.indexOf(KEY);
    const at = key < 0 ? -1 : listAfter(bytes, key + KEY.length);
    if (at < 0) return whole(request, bytes, done);
    // The key must be the body's only one. None is before `key`; a remembered list holds none (it
    // was the only one of its body); so only what follows the list is searched (not its 15 MB).
    const known = remembered.findIndex((r) => startsWithAt(bytes, r.bytes, at));
    if (known < 0 || bytes.indexOf(KEY, at + remembered[known].bytes.length) >= 0) {
      return whole(request, bytes, (error, value) => {
        if (!error && bytes.indexOf(KEY, key + 1) < 0) remember(remembered, bytes, at, value);
        done(error, value);
      });
    }
    const [hit] = remembered.splice(known, 1);
    remembered.unshift(hit);
    // '[' and ']' are single bytes: no character is split.
    const rest = `${bytes.toString('utf8', 0, at)}${JSON.stringify(MARKER)}${bytes.toString('utf8', at + hit.bytes.length)}`;
    whole(request, rest, (error, value) => {
      if (error) return done(error);
      const holders = objectsWhere(value, (object) => object.sampleIdentifiers === MARKER);
      if (holders.length !== 1) return whole(request, bytes, done);
      holders[0].sampleIdentifiers = hit.list;
      givenLists.set(value as JsonObject, { holder: holders[0], list: hit.list });
      done(null, value);
    });
  });
}

/** JSON's whitespace bytes: space, tab, line feed, carriage return. */
const isSpace = (byte: number | undefined) => byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d;

/** The offset of the '[' of the list that is the value of the key ending before `i`; -1 if there is none. */
function listAfter(bytes: Buffer, i: number): number {
  while (isSpace(bytes[i])) i++;
  if (bytes[i++] !== 0x3a) return -1; // ':'
  while (isSpace(bytes[i])) i++;
  return bytes[i] === 0x5b ? i : -1; // '['
}

function startsWithAt(bytes: Buffer, prefix: Buffer, at: number): boolean {
  return at + prefix.length <= bytes.length && bytes.compare(prefix, 0, prefix.length, at, at + prefix.length) === 0;
}

function remember(remembered: Remembered[], bytes: Buffer, at: number, value: unknown): void {
  const holders = objectsWhere(value, (object) => Array.isArray(object.sampleIdentifiers));
  const list = holders.length === 1 ? (holders[0].sampleIdentifiers as unknown[]) : [];
  // Latin-1 gives a character per byte, so offsets in the text are offsets in the bytes (the
  // brackets, quotes and backslashes closingBracket looks for are ASCII).
  const end = list.length >= LONG_LIST ? closingBracket(bytes.toString('latin1'), at) : -1;
  if (end < 0) return;
  remembered.unshift({ bytes: Buffer.from(bytes.subarray(at, end + 1)), list: Object.freeze(list) });
  remembered.splice(REMEMBERED);
}
