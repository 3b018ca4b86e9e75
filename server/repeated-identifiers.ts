// Study View requests come a dozen at a time with one StudyViewFilter, and that filter may list
// every one of 272,000 samples (sampleIdentifiers: 15 MB of JSON). Parsing the list again for each
// of them costs more than most of their queries: ~40 ms, and as much again collecting the 272,000
// objects it leaves. So the text of a long list is remembered with its parsed value. A large body
// holding the same text at its one "sampleIdentifiers" key is parsed without it (a marker in its
// place, by Fastify's own parser, so that what is accepted and what is rejected do not change) and
// given the remembered identifiers: the same array, frozen, and its items (no code changes either;
// being the same list, it is resolved to sample keys once too: engine/queries/sample-identifiers.ts).
// The text cannot be part of a string (its quotes are not escaped), so equal text is an equal value.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { objectsWhere } from './filter-holders.js';
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
  text: string;
  list: readonly unknown[];
}

type Done = (error: Error | null, body?: unknown) => void;
type Parser = (request: FastifyRequest, body: string, done: Done) => void;

/** Installs the parser on `app`'s context (routes registered after it, in it or below, use it). */
export function rememberSampleIdentifierLists(app: FastifyInstance): void {
  const whole = app.getDefaultJsonParser('error', 'error') as unknown as Parser;
  const remembered: Remembered[] = [];
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    const at = text.length < LARGE_BODY ? -1 : listOffset(text);
    if (at < 0) return whole(request, text, done);
    const known = remembered.findIndex((r) => text.startsWith(r.text, at));
    if (known < 0) {
      return whole(request, text, (error, value) => {
        if (!error) remember(remembered, text, at, value);
        done(error, value);
      });
    }
    const [hit] = remembered.splice(known, 1);
    remembered.unshift(hit);
    const rest = `${text.slice(0, at)}${JSON.stringify(MARKER)}${text.slice(at + hit.text.length)}`;
    whole(request, rest, (error, value) => {
      if (error) return done(error);
      const holders = objectsWhere(value, (object) => object.sampleIdentifiers === MARKER);
      if (holders.length !== 1) return whole(request, text, done);
      holders[0].sampleIdentifiers = hit.list;
      done(null, value);
    });
  });
}

/** The offset of the '[' of the list at the body's one "sampleIdentifiers" key; -1 if none. */
function listOffset(text: string): number {
  const key = text.indexOf(KEY);
  if (key < 0 || text.indexOf(KEY, key + 1) >= 0) return -1;
  let i = key + KEY.length;
  const skipSpace = () => {
    while (/\s/.test(text[i] ?? '')) i++;
  };
  skipSpace();
  if (text[i++] !== ':') return -1;
  skipSpace();
  return text[i] === '[' ? i : -1;
}

function remember(remembered: Remembered[], text: string, at: number, value: unknown): void {
  const holders = objectsWhere(value, (object) => Array.isArray(object.sampleIdentifiers));
  const list = holders.length === 1 ? (holders[0].sampleIdentifiers as unknown[]) : [];
  const end = list.length >= LONG_LIST ? closingBracket(text, at) : -1;
  if (end < 0) return;
  remembered.unshift({ text: text.slice(at, end + 1), list: Object.freeze(list) });
  remembered.splice(REMEMBERED);
}
