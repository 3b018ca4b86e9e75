// Bulk clinical data answers (api.md 9) assembled in memory. A study's clinical data, or the
// attributes of every patient and sample that a Study View page load posts as identifiers, are
// millions of rows: at 272,000 samples 3.2 M patient rows (442 MB of JSON) and 4.3 M sample rows
// (1 GB), which DuckDB wrote at 50-65 MB/s. A row's JSON is three pieces: its attribute's, its
// entity's ids and its value's. The rows are the clinical tab's (clinical-table-lookups.ts: each
// case's attributes and values, by attribute id); each attribute's and each distinct value's piece
// is written once (JSON.stringify writes texts as the response schema's serializer does), each
// entity's by DuckDB (with the writer of the SQL answers, engine/sql/joined-json.ts), kept with the
// other resident lookups (profile-matrix.ts `keep`); an answer copies the pieces of its rows into chunks.
import type { ReadOnlyDb } from '../sql/db.js';
import { javaScriptEscapes, jsonObject } from '../sql/joined-json.js';
import { raw, sql } from '../sql/sql.js';
import { caseKeys, chosenCases } from './case-keys.js';
import { clinicalDataTables, entityFields, entityColumns, type ClinicalDataQuery, type ClinicalDataType } from '../resources/clinical-data.js';
import { clinicalValues, type CaseValues } from './clinical-table-lookups.js';
import { packed, packedBytes, type PackedTexts } from './packed-texts.js';
import type { ProfileMatrices } from './profile-matrix.js';

/** The pieces of the clinical data of one type: its rows (by case key, by attribute id) and their texts. */
interface ClinicalDataPieces {
  rows: CaseValues;
  /** The attribute ids the rows name by position (ClinicalValues.attrIds). */
  attrIds: readonly string[];
  /** `{"clinicalAttributeId":…,` per attribute id. */
  attributes: PackedTexts;
  /** `,"value":…}` per distinct value (ClinicalValues.texts). */
  values: PackedTexts;
  /** Each entity's fields without braces (`"patientId":…`), by key; empty for a key of no entity. */
  entities: PackedTexts;
}

async function clinicalDataPieces(db: ReadOnlyDb, matrices: ProfileMatrices, type: ClinicalDataType): Promise<ClinicalDataPieces> {
  const [values, texts, entities] = await Promise.all([
    clinicalValues(db, matrices),
    matrices.keep('clinical data value texts', async () => {
      const { attrIds, texts } = await clinicalValues(db, matrices);
      return {
        attributes: packed(attrIds.map((id) => `{"clinicalAttributeId":${JSON.stringify(id)},`)),
        values: packed(texts.map((text) => `,"value":${JSON.stringify(text)}}`)),
      };
    }, (t) => packedBytes(t.attributes) + packedBytes(t.values)),
    entityTexts(db, matrices, type),
  ]);
  return { rows: type === 'SAMPLE' ? values.sample : values.patient, attrIds: values.attrIds, ...texts, entities };
}

/** Entities' JSON texts joined into one text by DuckDB (a JavaScript string has at most 512 M characters). */
const ENTITIES_PER_TEXT = 65_536;

/** Each entity's fields as JSON (entityFields), without braces, by key; read once and kept. */
function entityTexts(db: ReadOnlyDb, matrices: ProfileMatrices, type: ClinicalDataType): Promise<PackedTexts> {
  return matrices.keep(`clinical data entity texts ${type}`, async () => {
    const t = clinicalDataTables[type];
    const patientJoin = type === 'SAMPLE' ? sql`JOIN patient p ON p.patient_key = e.patient_key` : sql``;
    const entities = sql`SELECT key, ${jsonObject(entityFields(type), { nulls: false })} AS json FROM (
      SELECT e.${raw(t.key)} AS key, ${entityColumns(type)} FROM ${raw(t.entity)} e ${patientJoin} JOIN cancer_study s ON s.study_key = e.study_key)`;
    const [joined, [keys, lengths]] = await Promise.all([
      // Joined by DuckDB a few thousand at a time, and cut by their lengths: handing over a text per entity took 4 times as long.
      db.all<{ json: string }>(sql`SELECT string_agg(json, '' ORDER BY key) AS json
        FROM (SELECT *, (row_number() OVER (ORDER BY key) - 1) // ${ENTITIES_PER_TEXT} AS part FROM (${entities})) GROUP BY part ORDER BY part`),
      db.numericColumns(sql`SELECT key::DOUBLE, strlen(json)::DOUBLE FROM (${entities}) ORDER BY key`),
    ]);
    return withoutBraces(Buffer.concat(joined.map((e) => Buffer.from(javaScriptEscapes(e.json)))), keys, lengths);
  }, packedBytes);
}

/**
 * The JSON objects `joined` (of `lengths` bytes, of the entities `keys` ascending) without their
 * braces, by key: the row's attribute comes before its entity's fields and its value after.
 */
function withoutBraces(joined: Buffer, keys: Float64Array, lengths: Float64Array): PackedTexts {
  const bytes = Buffer.allocUnsafe(joined.length - 2 * keys.length);
  const span = keys.length > 0 ? keys[keys.length - 1] + 1 : 0;
  const starts = new Int32Array(span + 1);
  let from = 0;
  let to = 0;
  let k = 0;
  keys.forEach((key, i) => {
    while (k <= key) starts[k++] = to;
    to += joined.copy(bytes, to, from + 1, from + lengths[i] - 1);
    from += lengths[i];
  });
  starts[span] = to;
  return { bytes, starts };
}

/**
 * A list naming fewer ids than this is answered by DuckDB (clinical-data.ts): reading the pieces
 * costs seconds at 272,000 samples (unless the warm-up or the clinical tab read them), more than
 * such a list's answer.
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

/** The keys of the entities a query selects (answeredFromTexts), ascending. */
async function selectedKeys(db: ReadOnlyDb, matrices: ProfileMatrices, q: ClinicalDataQuery): Promise<ArrayLike<number>> {
  const scope = q.scope;
  if (scope.kind === 'entity') throw new Error('one entity is answered by DuckDB (answeredFromTexts)');
  const cases = await caseKeys(db, matrices, q.type === 'SAMPLE' ? 'sample' : 'patient');
  if (scope.kind === 'study' && scope.ids === undefined) return cases.byStudy.get(scope.studyId)?.keys ?? [];
  const ids = scope.kind === 'study' ? scope.ids ?? [] : scope.entityIds;
  const { chosen } = await chosenCases(cases, ids.length, scope.kind === 'study' ? () => scope.studyId : (i) => scope.studyIds[i], (i) => ids[i]);
  const keys: number[] = [];
  for (let k = 0; k < chosen.length; k++) if (chosen[k] === 1) keys.push(k);
  return keys;
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
  const [keys, pieces] = await Promise.all([selectedKeys(db, matrices, q), clinicalDataPieces(db, matrices, q.type)]);
  const wanted = q.attributeIds === undefined ? undefined : new Set(q.attributeIds);
  return answerChunks(keys, pieces, wanted && Uint8Array.from(pieces.attrIds, (id) => Number(wanted.has(id))), q);
}

function* answerChunks(keys: ArrayLike<number>, pieces: ClinicalDataPieces, only: Uint8Array | undefined, q: ClinicalDataQuery): Generator<Buffer, void, undefined> {
  const { rows: { offsets, attrs, values }, attributes, entities } = pieces;
  const withValue = q.projection !== 'ID';
  let skip = q.offset ?? 0;
  let left = q.limit ?? Number.POSITIVE_INFINITY;
  let chunk = Buffer.allocUnsafe(CHUNK_BYTES);
  let at = 0;
  chunk[at++] = 0x5b; // [
  let first = true;
  for (let i = 0; i < keys.length && left > 0; i++) {
    const k = keys[i];
    if (k + 1 >= offsets.length || k + 1 >= entities.starts.length) continue;
    const entityLength = pieceLength(entities, k);
    // Where this chunk holds the entity's fields already: copying within the chunk is a cheaper call.
    let entityAt = -1;
    for (let r = offsets[k]; r < offsets[k + 1] && left > 0; r++) {
      const attribute = attrs[r];
      if (only !== undefined && only[attribute] === 0) continue;
      if (skip > 0) { skip--; continue; }
      left--;
      const value = values[r];
      const length = 1 + pieceLength(attributes, attribute) + entityLength + (withValue ? pieceLength(pieces.values, value) : 1);
      if (at + length + 1 > chunk.length) {
        yield chunk.subarray(0, at);
        chunk = Buffer.allocUnsafe(Math.max(CHUNK_BYTES, length + 1));
        at = 0;
        entityAt = -1;
      }
      if (!first) chunk[at++] = 0x2c; // ,
      first = false;
      at = copyPiece(attributes, attribute, chunk, at);
      if (entityAt >= 0) {
        chunk.copyWithin(at, entityAt, entityAt + entityLength);
        at += entityLength;
      } else {
        entityAt = at;
        at = copyPiece(entities, k, chunk, at);
      }
      if (withValue) at = copyPiece(pieces.values, value, chunk, at);
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
