// DOUBLE columns of a DuckDB chunk as typed arrays, copied from the vectors' memory through the C
// API (@duckdb/node-bindings) rather than read value by value: at co-expression sizes (hundreds of
// millions of numbers) the per-value path costs seconds of event-loop time.
import duckdb from '@duckdb/node-bindings';
import { DuckDBDoubleType, type DuckDBDataChunk, type DuckDBType } from '@duckdb/node-api';

/** Throws unless every column is DOUBLE. */
export function checkDoubleTypes(types: readonly DuckDBType[]): void {
  types.forEach((type, c) => {
    if (!(type instanceof DuckDBDoubleType)) throw new Error(`column ${c}: ${type.toString()} where DOUBLE is expected`);
  });
}

/** Each column of a chunk whose types passed checkDoubleTypes; NULL (a cleared validity bit) becomes NaN. */
export function doubleColumns(chunk: DuckDBDataChunk): Float64Array[] {
  const count = chunk.rowCount;
  return Array.from({ length: chunk.columnCount }, (_, c) => {
    const vector = duckdb.data_chunk_get_vector(chunk.chunk, c);
    const bytes = duckdb.vector_get_data(vector, count * 8);
    const out = new Float64Array(count);
    out.set(new Float64Array(bytes.buffer, bytes.byteOffset, count));
    // The C API gives no mask (null) when every row is valid.
    const validity = duckdb.vector_get_validity(vector, Math.ceil(count / 64) * 8) as Uint8Array | null;
    if (validity && validity.length > 0) for (let i = 0; i < count; i++) if ((validity[i >> 3] & (1 << (i & 7))) === 0) out[i] = NaN;
    return out;
  });
}

type NumberArray = Float64Array | Int32Array;
type NumberArrayType<T extends NumberArray> = { new (buffer: ArrayBufferLike): T; readonly BYTES_PER_ELEMENT: number };

/** The arrays one after the other, in one array of `type` (`shared`: in memory shared with worker threads). */
export function concatenate(parts: readonly Float64Array[], shared?: boolean): Float64Array;
export function concatenate<T extends NumberArray>(parts: readonly T[], shared: boolean, type: NumberArrayType<T>): T;
export function concatenate(parts: readonly NumberArray[], shared = false, type: NumberArrayType<NumberArray> = Float64Array): NumberArray {
  const bytes = type.BYTES_PER_ELEMENT * parts.reduce((n, part) => n + part.length, 0);
  const out = new type(shared ? new SharedArrayBuffer(bytes) : new ArrayBuffer(bytes));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
