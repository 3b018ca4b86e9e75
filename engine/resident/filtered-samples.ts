// The filtered-samples answer (study-view.md 4.1) assembled in memory. A cohort of a whole GENIE
// study lists 272,000 samples: 50 MB of JSON, which DuckDB took ~300 ms to write per request.
// Every sample's text (projection ID, written once by DuckDB as /samples answers are) is kept in
// answer order with the other resident lookups (profile-matrix.ts `keep`; the store is read-only
// while served), and an answer is the runs of its cohort's texts: long runs sent as they lie in
// memory, short ones copied together into chunks (copying a whole study's 50 MB took ~20 ms).
import type { Cohort } from '../filter/compile.js';
import type { ReadOnlyDb } from '../sql/db.js';
import { cohortSampleKeys, indexedByKey } from './case-keys.js';
import { packed, packedBytes, type PackedTexts } from './packed-texts.js';
import type { ProfileMatrices } from './profile-matrix.js';
import { streamSampleTexts } from '../resources/samples.js';

/** Every sample's JSON text followed by a comma, in answer order (sampleId, then studyId). */
export interface SampleTexts extends PackedTexts {
  /** The answer position of each sample key (-1: no sample). */
  positionOf: Int32Array;
}

export function sampleTexts(db: ReadOnlyDb, matrices: ProfileMatrices): Promise<SampleTexts> {
  return matrices.keep('sample texts', async () => {
    const texts: string[] = [];
    const keys: number[] = [];
    for await (const rows of streamSampleTexts(db)) {
      for (const row of rows) {
        texts.push(row.json + ',');
        keys.push(row.sample_key);
      }
    }
    return { ...packed(texts), positionOf: indexedByKey(keys, (i) => i) };
  }, (t) => packedBytes(t) + t.positionOf.byteLength);
}

/**
 * Runs of texts at least this long are sent as they lie in memory, in views of at most this length
 * (compression streams them a chunk at a time, and copies its first chunk whole); shorter ones are
 * copied together into chunks of this length.
 */
const CHUNK_BYTES = 1 << 20;

/**
 * The JSON array of the samples whose keys are listed (in any order, repeats allowed), in chunks:
 * each run of chosen texts copied into the chunk being filled, or sent as views when it is a chunk
 * long or more (a whole study is one run). Copying runs straight into the chunks took a third of
 * the time of collecting them as views and joining them (a filter of half of 272,000 samples
 * chooses ~70,000 runs).
 */
export function samplesAnswer(t: SampleTexts, keys: Int32Array): Buffer[] {
  const count = t.starts.length - 1;
  const chosen = new Uint8Array(count);
  for (const key of keys) {
    const position = key < t.positionOf.length ? t.positionOf[key] : -1;
    if (position >= 0) chosen[position] = 1;
  }
  const chunks: Buffer[] = [];
  let chunk = Buffer.allocUnsafe(CHUNK_BYTES);
  let at = 0;
  const flush = () => {
    if (at > 0) chunks.push(chunk.subarray(0, at));
    chunk = Buffer.allocUnsafe(CHUNK_BYTES);
    at = 0;
  };
  chunk[at++] = 0x5b; // [
  let any = false;
  for (let first = 0; first < count; first++) {
    if (chosen[first] === 0) continue;
    let last = first;
    while (last + 1 < count && chosen[last + 1] === 1) last++;
    let from = t.starts[first];
    const to = t.starts[last + 1];
    if (to - from >= CHUNK_BYTES) {
      flush();
      for (; from < to; from += CHUNK_BYTES) chunks.push(t.bytes.subarray(from, Math.min(from + CHUNK_BYTES, to)));
    } else {
      while (from < to) {
        const copied = t.bytes.copy(chunk, at, from, Math.min(to, from + chunk.length - at));
        at += copied;
        from += copied;
        if (at === chunk.length) flush();
      }
    }
    any = true;
    first = last;
  }
  // The last text's comma gives way to the closing bracket: it ends the chunk being filled, or the last one sent.
  if (any && at > 0) at--;
  else if (any) chunks[chunks.length - 1] = chunks[chunks.length - 1].subarray(0, -1);
  if (at === chunk.length) flush();
  chunk[at++] = 0x5d; // ]
  flush();
  return chunks;
}

/** filtered-samples: the cohort's samples, sorted by sampleId then studyId. */
export async function filteredSamplesJson(db: ReadOnlyDb, matrices: ProfileMatrices, cohort: Cohort): Promise<Buffer[]> {
  const [texts, keys] = await Promise.all([
    sampleTexts(db, matrices),
    cohortSampleKeys(db, matrices, cohort),
  ]);
  return samplesAnswer(texts, keys);
}
