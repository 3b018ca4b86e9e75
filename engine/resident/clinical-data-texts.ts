// Bulk clinical data answers (api.md 9) assembled in memory. A study's clinical data, or the
// attributes of every patient and sample that a Study View page load posts as identifiers, are
// millions of rows: at 272,000 samples 3.2 M patient rows (442 MB of JSON) and 4.3 M sample rows
// (1 GB), which DuckDB wrote at 50-65 MB/s. A row's JSON is three pieces: its attribute's, its
// entity's ids and its value's. Each study's pieces are written once by DuckDB (with the writer of
// the SQL answers, engine/sql/joined-json.ts, so that both give the same bytes) and kept with the
// other resident lookups (profile-matrix.ts `keep`, per study: a store swap carries them while
// the study is unchanged); an answer copies the pieces of its rows into chunks.
import type { ReadOnlyDb } from '../sql/db.js';
import { javaScriptEscapes, jsonObject } from '../sql/joined-json.js';
import { raw, sql } from '../sql/sql.js';
import { caseKeys, chosenCases, offsetsByKey } from './case-keys.js';
import { clinicalDataTables, entityFields, entityColumns, type ClinicalDataQuery, type ClinicalDataType } from '../resources/clinical-data.js';
import type { ProfileMatrices } from './profile-matrix.js';

/**
 * Texts packed into one buffer: text i is bytes[starts[i]] … bytes[starts[i + 1]] - 1. The starts
 * are 32-bit integers: indexing bytes by a double (a Float64Array's element) took twice as long.
 */
interface PackedTexts {
  bytes: Buffer;
  starts: Int32Array;
}

/** One study's clinical data of one type, as pieces; entities are indexed by their key less `firstKey`. */
export interface StudyClinicalTexts {
  studyId: string;
  firstKey: number;
  /** The study's entity fields without braces (`"patientId":…`) by key - firstKey; empty for a key of another study. */
  entities: PackedTexts;
  /** The entity's rows, ordered by attribute id, are rows rowStarts[k - firstKey] … rowStarts[k - firstKey + 1] - 1. */
  rowStarts: Int32Array;
  /** Per row, its attribute (in `attributeIds`) and its value (in `values`). */
  attributeOf: Int32Array;
  valueOf: Int32Array;
  /** The study's attribute ids with values, sorted as DuckDB sorts VARCHAR, and `{"clinicalAttributeId":…,` of each. */
  attributeIds: readonly string[];
  attributes: PackedTexts;
  /** `,"value":…}` per distinct value. */
  values: PackedTexts;
}

function packed(texts: readonly string[]): PackedTexts {
  const starts = new Int32Array(texts.length + 1);
  texts.forEach((text, i) => {
    starts[i + 1] = starts[i] + Buffer.byteLength(text);
    if (starts[i + 1] < starts[i]) throw new Error('clinical data texts past 2 GB');
  });
  const bytes = Buffer.allocUnsafe(starts[texts.length]);
  texts.forEach((text, i) => bytes.write(text, starts[i]));
  return { bytes, starts };
}

const packedBytes = (t: PackedTexts) => t.bytes.byteLength + t.starts.byteLength;

/** Entities' JSON texts joined into one text by DuckDB (a JavaScript string has at most 512 M characters). */
const ENTITIES_PER_TEXT = 65_536;

/** The clinical data of type `type` of the study `studyId` as pieces, read once and kept. */
export function studyClinicalTexts(db: ReadOnlyDb, matrices: ProfileMatrices, type: ClinicalDataType, studyId: string): Promise<StudyClinicalTexts> {
  return matrices.keep(`clinical data texts ${type} ${studyId}`, async () => {
    const t = clinicalDataTables[type];
    const patientJoin = type === 'SAMPLE' ? sql`JOIN patient p ON p.patient_key = e.patient_key` : sql``;
    // The rows of the SQL answer (clinical-data.ts fromWhere): the study's values whose entity exists.
    const values = sql`SELECT c.${raw(t.key)} AS key, c.attr_id, c.attr_value FROM ${raw(t.values)} c
      JOIN ${raw(t.entity)} e ON e.${raw(t.key)} = c.${raw(t.key)} ${patientJoin}
      WHERE c.study_key = (SELECT study_key FROM cancer_study WHERE study_id = ${studyId})`;
    const entities = sql`SELECT key, ${jsonObject(entityFields(type), { nulls: false })} AS json FROM (
      SELECT e.${raw(t.key)} AS key, ${entityColumns(type)} FROM ${raw(t.entity)} e ${patientJoin}
      JOIN cancer_study s ON s.study_key = e.study_key WHERE s.study_id = ${studyId})`;
    const [entityTexts, [entityKeys, entityLengths], attributes, distinctValues, [keys, attributeOf, valueOf]] = await Promise.all([
      // Joined by DuckDB a few thousand at a time, and cut by their lengths: handing over a text per entity took 4 times as long.
      db.all<{ json: string }>(sql`SELECT string_agg(json, '' ORDER BY key) AS json
        FROM (SELECT *, (row_number() OVER (ORDER BY key) - 1) // ${ENTITIES_PER_TEXT} AS part FROM (${entities})) GROUP BY part ORDER BY part`),
      db.numericColumns(sql`SELECT key::DOUBLE, strlen(json)::DOUBLE FROM (${entities}) ORDER BY key`),
      db.all<{ attr_id: string; json: string }>(sql`SELECT attr_id, to_json(attr_id)::VARCHAR AS json FROM (SELECT DISTINCT attr_id FROM (${values})) ORDER BY attr_id`),
      db.all<{ json: string }>(sql`SELECT to_json(attr_value)::VARCHAR AS json FROM (SELECT DISTINCT attr_value FROM (${values})) ORDER BY attr_value`),
      // Each row's attribute and value as positions among the distinct ones (joined: a rank over every row took twice as long).
      db.numericColumns(sql`WITH v AS (${values}),
        a AS (SELECT attr_id, (row_number() OVER (ORDER BY attr_id) - 1)::DOUBLE AS attribute FROM (SELECT DISTINCT attr_id FROM v)),
        x AS (SELECT attr_value, (row_number() OVER (ORDER BY attr_value) - 1)::DOUBLE AS value FROM (SELECT DISTINCT attr_value FROM v))
        SELECT v.key::DOUBLE, a.attribute, x.value FROM v JOIN a USING (attr_id) JOIN x USING (attr_value) ORDER BY v.key, v.attr_id`),
    ]);
    const firstKey = entityKeys.length > 0 ? entityKeys[0] : 0;
    const span = entityKeys.length > 0 ? entityKeys[entityKeys.length - 1] - firstKey + 1 : 0;
    const joined = Buffer.concat(entityTexts.map((e) => Buffer.from(javaScriptEscapes(e.json))));
    const rowStarts = offsetsByKey(keys.map((key) => key - firstKey));
    return {
      studyId,
      firstKey,
      entities: withoutBraces(joined, entityKeys, entityLengths, firstKey, span),
      rowStarts: rowStarts.length >= span + 1 ? rowStarts : grown(rowStarts, span + 1),
      attributeOf: Int32Array.from(attributeOf),
      valueOf: Int32Array.from(valueOf),
      attributeIds: attributes.map((a) => a.attr_id),
      attributes: packed(attributes.map((a) => `{"clinicalAttributeId":${javaScriptEscapes(a.json)},`)),
      values: packed(distinctValues.map((v) => `,"value":${javaScriptEscapes(v.json)}}`)),
    };
  }, (s) => packedBytes(s.entities) + packedBytes(s.attributes) + packedBytes(s.values)
    + s.rowStarts.byteLength + s.attributeOf.byteLength + s.valueOf.byteLength, [studyId]);
}

/**
 * The JSON objects `joined` (of `lengths` bytes, of the entities `keys` ascending) without their
 * braces, by key - firstKey: the row's attribute comes before its entity's fields and its value after.
 */
function withoutBraces(joined: Buffer, keys: Float64Array, lengths: Float64Array, firstKey: number, span: number): PackedTexts {
  const bytes = Buffer.allocUnsafe(joined.length - 2 * keys.length);
  const starts = new Int32Array(span + 1);
  let from = 0;
  let to = 0;
  let k = 0;
  keys.forEach((key, i) => {
    while (k <= key - firstKey) starts[k++] = to;
    to += joined.copy(bytes, to, from + 1, from + lengths[i] - 1);
    from += lengths[i];
  });
  starts[span] = to;
  return { bytes, starts };
}

/** Offsets extended to `length` entries with the last one (keys past the last row have none). */
function grown(offsets: Int32Array, length: number): Int32Array {
  const all = new Int32Array(length).fill(offsets[offsets.length - 1] ?? 0);
  all.set(offsets);
  return all;
}

/**
 * A list naming fewer ids than this is answered by DuckDB (clinical-data.ts): reading a study's
 * pieces costs about a second at 272,000 samples, more than such a list's answer.
 */
const RESIDENT_FROM_IDS = 1000;

/**
 * Whether the answer is assembled here: the default order (sortBy applies only with values), a
 * projection without the attribute's definition (DETAILED, rare in bulk, stays in DuckDB), and a
 * whole study or a long list of ids.
 */
export function answeredFromTexts(q: ClinicalDataQuery): boolean {
  if (q.projection === 'DETAILED' || (q.sortBy !== undefined && q.projection !== 'ID')) return false;
  switch (q.scope.kind) {
    case 'study': return q.scope.ids === undefined || q.scope.ids.length >= RESIDENT_FROM_IDS;
    case 'identifiers': return q.scope.entityIds.length >= RESIDENT_FROM_IDS;
    case 'entity': return false;
  }
}

/** The entities a query selects, their keys ascending, and the pieces of their studies. */
async function selection(db: ReadOnlyDb, matrices: ProfileMatrices, q: ClinicalDataQuery): Promise<{ keys: Int32Array; studies: StudyClinicalTexts[] }> {
  const texts = (studyId: string) => studyClinicalTexts(db, matrices, q.type, studyId);
  const scope = q.scope;
  if (scope.kind === 'study' && scope.ids === undefined) {
    const study = await texts(scope.studyId);
    const keys: number[] = [];
    for (let k = 0; k + 1 < study.entities.starts.length; k++) if (study.entities.starts[k + 1] > study.entities.starts[k]) keys.push(study.firstKey + k);
    return { keys: Int32Array.from(keys), studies: [study] };
  }
  if (scope.kind === 'entity') throw new Error('one entity is answered by DuckDB (answeredFromTexts)');
  const cases = await caseKeys(db, matrices, q.type === 'SAMPLE' ? 'sample' : 'patient');
  const ids = scope.kind === 'study' ? scope.ids ?? [] : scope.entityIds;
  const { chosen, studyIds } = chosenCases(cases, ids.length, scope.kind === 'study' ? () => scope.studyId : (i) => scope.studyIds[i], (i) => ids[i]);
  const keys: number[] = [];
  for (let k = 0; k < chosen.length; k++) if (chosen[k] === 1) keys.push(k);
  return { keys: Int32Array.from(keys), studies: await Promise.all([...studyIds].map(texts)) };
}

/** Chunks of the answer are about this long (a row longer than that gets a chunk of its own). */
const CHUNK_BYTES = 1 << 20;

/** Pieces this short are copied byte by byte: a call to Buffer.copy costs more. */
const SHORT_PIECE = 64;

function copyPiece(from: PackedTexts, i: number, to: Buffer, at: number): number {
  const start = from.starts[i];
  const end = from.starts[i + 1];
  if (end - start > SHORT_PIECE) return at + from.bytes.copy(to, at, start, end);
  for (let b = start; b < end; b++) to[at++] = from.bytes[b];
  return at;
}

const pieceLength = (from: PackedTexts, i: number) => from.starts[i + 1] - from.starts[i];

/**
 * The answer of `q` (answeredFromTexts) as chunks of JSON, byte for byte what clinical-data.ts
 * streams: the selected entities in key order, each one's rows by attribute id, cut to the page.
 */
export async function clinicalDataChunks(db: ReadOnlyDb, matrices: ProfileMatrices, q: ClinicalDataQuery): Promise<Iterable<Buffer>> {
  const { keys, studies } = await selection(db, matrices, q);
  return answerChunks(keys, studies, q);
}

function* answerChunks(keys: Int32Array, studies: readonly StudyClinicalTexts[], q: ClinicalDataQuery): Generator<Buffer, void, undefined> {
  const wanted = q.attributeIds === undefined ? undefined : new Set(q.attributeIds);
  const allowed = studies.map((s) => wanted && Uint8Array.from(s.attributeIds, (id) => Number(wanted.has(id))));
  const withValue = q.projection !== 'ID';
  let skip = q.offset ?? 0;
  let left = q.limit ?? Number.POSITIVE_INFINITY;
  let chunk = Buffer.allocUnsafe(CHUNK_BYTES);
  let at = 0;
  chunk[at++] = 0x5b; // [
  let first = true;
  let s = 0;
  for (let i = 0; i < keys.length && left > 0; i++) {
    // Keys ascend, and a study's keys mostly lie together: its pieces are looked for from the last study's.
    let study = studies[s];
    let k = keys[i] - (study?.firstKey ?? 0);
    if (study === undefined || k < 0 || k >= study.rowStarts.length - 1) {
      s = studies.findIndex((t) => keys[i] >= t.firstKey && keys[i] - t.firstKey < t.rowStarts.length - 1);
      if (s < 0) { s = 0; continue; }
      study = studies[s];
      k = keys[i] - study.firstKey;
    }
    const only = allowed[s];
    const entityLength = pieceLength(study.entities, k);
    // Where this chunk holds the entity's fields already: copying within the chunk is a cheaper call.
    let entityAt = -1;
    for (let r = study.rowStarts[k]; r < study.rowStarts[k + 1] && left > 0; r++) {
      const attribute = study.attributeOf[r];
      if (only !== undefined && only[attribute] === 0) continue;
      if (skip > 0) { skip--; continue; }
      left--;
      const value = study.valueOf[r];
      const length = 1 + pieceLength(study.attributes, attribute) + entityLength + (withValue ? pieceLength(study.values, value) : 1);
      if (at + length + 1 > chunk.length) {
        yield chunk.subarray(0, at);
        chunk = Buffer.allocUnsafe(Math.max(CHUNK_BYTES, length + 1));
        at = 0;
        entityAt = -1;
      }
      if (!first) chunk[at++] = 0x2c; // ,
      first = false;
      at = copyPiece(study.attributes, attribute, chunk, at);
      if (entityAt >= 0) {
        chunk.copyWithin(at, entityAt, entityAt + entityLength);
        at += entityLength;
      } else {
        entityAt = at;
        at = copyPiece(study.entities, k, chunk, at);
      }
      if (withValue) at = copyPiece(study.values, value, chunk, at);
      else chunk[at++] = 0x7d; // }
    }
  }
  if (at + 1 > chunk.length) {
    yield chunk.subarray(0, at);
    chunk = Buffer.allocUnsafe(1);
    at = 0;
  }
  chunk[at++] = 0x5d; // ]
  yield chunk.subarray(0, at);
}
