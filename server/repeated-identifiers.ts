// Study View requests come a dozen at a time with one StudyViewFilter, and that filter may list
// every one of 272,000 samples (sampleIdentifiers: 15 MB of JSON); a custom chart's requests carry
// its whole dataset each time (a "samples" list: 18 MB for every sample of a study), a survival
// chart every patient of the study (patientIdentifiers: 10 MB for 194,000), and a page load its
// clinical data fetches of every patient and sample (identifiers: 14 MB each). Parsing such a list
// again for each request costs more than most of their queries: ~40-55 ms, and as much again
// collecting the 272,000 objects it leaves. So the text of a long list is remembered with its
// parsed value. A large body holding the same text at its one key of that name is parsed without
// it (a marker in its place, by Fastify's own parser, so that what is accepted and what is
// rejected do not change) and given the remembered list: the same array, frozen, and its items (no
// code changes either; being the same list, it is checked against each route's schema once,
// remembered-list-validation.ts, and resolved to case keys once: engine/resident/sample-identifiers.ts,
// study-view-custom-data.ts, the survival route). The text cannot be part of a string (its quotes
// are not escaped), so equal text is an equal value.
// The lists are the app's (remembered-lists.ts: within a byte budget, least recently used dropped).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { objectsWhere, type JsonObject } from './filter-holders.js';
import { RememberedLists, type Remembered } from './remembered-lists.js';
import { closingBracket } from './sliced-json.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The long lists remembered across bodies (server/remembered-lists.ts). */
    rememberedLists: RememberedLists;
  }
}

/** Bodies from this size on are looked at. */
const LARGE_BODY = 1 << 20;
/** Lists from this length on are remembered. */
const LONG_LIST = 4096;

/**
 * The keys whose lists are remembered: a StudyViewFilter's samples, a custom dataset's, a survival
 * request's patients, and the identifiers of a clinical data fetch (every patient and every sample,
 * posted on each Study View page load: 14 MB each at 272,000 samples).
 */
const KEYS = ['sampleIdentifiers', 'samples', 'patientIdentifiers', 'identifiers'] as const;
type ListKey = (typeof KEYS)[number];
const QUOTED = KEYS.map((key) => Buffer.from(JSON.stringify(key)));
/** The value put where a list was: a string with a NUL, which a body's text cannot hold unescaped. */
const markerOf = (key: ListKey) => `\u0000${key}`;

export interface RememberedList {
  /** The object of the body holding the list at `key`. */
  holder: JsonObject;
  key: ListKey;
  list: readonly unknown[];
  remembered: Remembered;
}

/** The remembered lists each body was given. */
const givenLists = new WeakMap<JsonObject, RememberedList[]>();

/** The remembered lists `body` was given that their holders still hold (a hook may have replaced one). */
export function rememberedListsIn(body: unknown): RememberedList[] {
  const given = typeof body === 'object' && body !== null ? givenLists.get(body as JsonObject) : undefined;
  return given?.filter((g) => g.holder[g.key] === g.list) ?? [];
}

type Done = (error: Error | null, body?: unknown) => void;
type Parser = (request: FastifyRequest, body: string | Buffer, done: Done) => void;

/** A key's one place in a body: where its name starts, and its list's '['. */
interface Place {
  key: ListKey;
  quoted: Buffer;
  keyAt: number;
  at: number;
}

/** A place holding a remembered list, the key named nowhere else. */
interface Hit extends Place {
  remembered: Remembered;
}

/**
 * Installs the parser on `app`'s context (routes registered after it, in it or below, use it), and
 * the lists it remembers as `app.rememberedLists`, within `maxBytes`.
 */
export function rememberLongLists(app: FastifyInstance, maxBytes = app.limits.rememberedListsMaxBytes): void {
  const whole = app.getDefaultJsonParser('error', 'error') as unknown as Parser;
  const remembered = new RememberedLists(maxBytes);
  app.decorate('rememberedLists', remembered);
  app.removeContentTypeParser('application/json');
  // Bytes, not text: the body is searched and compared with memchr and memcmp, and only what is
  // around a remembered list is ever decoded (decoding 15 MB took longer than all the rest).
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const bytes = body as Buffer;
    const places = bytes.length < LARGE_BODY ? [] : placesIn(bytes);
    if (places.length === 0) return whole(request, bytes, done);
    const hits = hitsAt(bytes, places, remembered);
    // Latin-1 gives a character per byte, so offsets in the text are offsets in the bytes (the
    // brackets, quotes and backslashes closingBracket looks for are ASCII). Decoded once per body.
    let latin1: string | undefined;
    const text = () => (latin1 ??= bytes.toString('latin1'));
    const parsedWhole = () => whole(request, bytes, (error, value) => {
      if (!error) for (const place of places) remember(remembered, bytes, text, place, value);
      done(error, value);
    });
    if (hits.length === 0) return parsedWhole();
    // '[' and ']' are single bytes: no character is split.
    let rest = '';
    let from = 0;
    for (const hit of hits) {
      rest += `${bytes.toString('utf8', from, hit.at)}${JSON.stringify(markerOf(hit.key))}`;
      from = hit.at + hit.remembered.text.length;
    }
    rest += bytes.toString('utf8', from);
    whole(request, rest, (error, value) => {
      if (error) return done(error);
      const given: RememberedList[] = [];
      for (const hit of hits) {
        const holders = objectsWhere(value, (object) => object[hit.key] === markerOf(hit.key));
        if (holders.length !== 1) return parsedWhole();
        given.push({ holder: holders[0], key: hit.key, list: hit.remembered.list, remembered: hit.remembered });
      }
      for (const g of given) g.holder[g.key] = g.list;
      givenLists.set(value as JsonObject, given);
      for (const place of places) if (!hits.some((hit) => hit.key === place.key)) remember(remembered, bytes, text, place, value);
      done(null, value);
    });
  });
}

/** Each key's first place in the body where a list follows its name, by position. */
function placesIn(bytes: Buffer): Place[] {
  const places: Place[] = [];
  KEYS.forEach((key, i) => {
    const keyAt = bytes.indexOf(QUOTED[i]);
    const at = keyAt < 0 ? -1 : listAfter(bytes, keyAt + QUOTED[i].length);
    if (at >= 0) places.push({ key, quoted: QUOTED[i], keyAt, at });
  });
  return places.sort((a, b) => a.at - b.at);
}

/**
 * The places holding a remembered list (marked as used), when their key is the body's only one:
 * none is before its place; a remembered list holds none of the key it was remembered under (it
 * was the only one of its body), so only what follows the list is searched (not its 15 MB), which
 * also makes sure that no other hit lies inside it.
 */
function hitsAt(bytes: Buffer, places: readonly Place[], remembered: RememberedLists): Hit[] {
  const hits: Hit[] = [];
  for (const place of places) {
    const known = remembered.findAt(bytes, place.at);
    if (known === undefined) continue;
    const end = place.at + known.text.length;
    if (bytes.indexOf(place.quoted, end) >= 0) continue;
    // Two lists cannot overlap: the other key, named inside this list, would be named twice.
    if (hits.some((h) => h.at + h.remembered.text.length > place.at)) return [];
    remembered.touch(known);
    hits.push({ ...place, remembered: known });
  }
  return hits;
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

/** Remembers the long list at `place` of a parsed body (`latin1`: its bytes as text), if its key is the body's only one. */
function remember(remembered: RememberedLists, bytes: Buffer, latin1: () => string, place: Place, value: unknown): void {
  if (bytes.indexOf(place.quoted, place.keyAt + 1) >= 0) return;
  const holders = objectsWhere(value, (object) => Array.isArray(object[place.key]));
  const list = holders.length === 1 ? (holders[0][place.key] as unknown[]) : [];
  const end = list.length >= LONG_LIST ? closingBracket(latin1(), place.at) : -1;
  if (end < 0) return;
  remembered.remember(Buffer.from(bytes.subarray(place.at, end + 1)), list);
}
