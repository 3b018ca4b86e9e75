// Many short texts kept in one buffer, for the resident answers assembled from JSON pieces
// (clinical-data-texts.ts, filtered-samples.ts): a buffer and its offsets instead of millions of
// strings on the heap.

/**
 * Texts packed into one buffer: text i is bytes[starts[i]] … bytes[starts[i + 1]] - 1. The starts
 * are 32-bit integers: indexing bytes by a double (a Float64Array's element) took twice as long.
 */
export interface PackedTexts {
  bytes: Buffer;
  starts: Int32Array;
}

export function packed(texts: readonly string[]): PackedTexts {
  const starts = new Int32Array(texts.length + 1);
  texts.forEach((text, i) => {
    starts[i + 1] = starts[i] + Buffer.byteLength(text);
    if (starts[i + 1] < starts[i]) throw new Error('packed texts past 2 GB');
  });
  const bytes = Buffer.allocUnsafe(starts[texts.length]);
  texts.forEach((text, i) => bytes.write(text, starts[i]));
  return { bytes, starts };
}

export const packedBytes = (t: PackedTexts) => t.bytes.byteLength + t.starts.byteLength;
