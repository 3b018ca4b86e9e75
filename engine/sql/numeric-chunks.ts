// DOUBLE and DOUBLE[] columns of a DuckDB chunk as typed arrays, copied from the vectors' memory
// through the C API (@duckdb/node-bindings) rather than read value by value: at co-expression
// sizes (hundreds of millions of numbers) the per-value path costs seconds of event-loop time.
import duckdb from '@duckdb/node-bindings';
import { DuckDBDoubleType, DuckDBListType, type DuckDBDataChunk, type DuckDBType } from '@duckdb/node-api';

/** A column of one chunk: numbers (NULL → NaN), or lists of numbers flattened with their offsets. */
export type NumericColumn = Float64Array | { values: Float64Array; offsets: Int32Array };

/** Throws unless every column is DOUBLE or DOUBLE[]. */
export function checkNumericTypes(types: readonly DuckDBType[]): void {
  types.forEach((type, c) => {
    if (!(type instanceof DuckDBDoubleType || (type instanceof DuckDBListType && type.valueType instanceof DuckDBDoubleType)))
      throw new Error(`column ${c}: ${type.toString()} where DOUBLE or DOUBLE[] is expected`);
  });
}

/** The columns of a chunk whose `types` passed checkNumericTypes. */
export function numericColumns(chunk: DuckDBDataChunk, types: readonly DuckDBType[]): NumericColumn[] {
  const rows = chunk.rowCount;
  return types.map((type, c) => {
    const vector = duckdb.data_chunk_get_vector(chunk.chunk, c);
    return type instanceof DuckDBDoubleType ? doubles(vector, rows) : doubleLists(vector, rows);
  });
}

/** The `count` doubles of a flat vector; NULL (a cleared validity bit) becomes NaN. */
function doubles(vector: duckdb.Vector, count: number): Float64Array {
  const bytes = duckdb.vector_get_data(vector, count * 8);
  const out = new Float64Array(count);
  out.set(new Float64Array(bytes.buffer, bytes.byteOffset, count));
  const validity = validityOf(vector, count);
  if (validity) for (let i = 0; i < count; i++) if ((validity[i >> 3] & (1 << (i & 7))) === 0) out[i] = NaN;
  return out;
}

/** The lists of `rows` entries (offset, length as uint64 pairs) over the list's child vector; a NULL list is empty. */
function doubleLists(vector: duckdb.Vector, rows: number): { values: Float64Array; offsets: Int32Array } {
  const entryBytes = duckdb.vector_get_data(vector, rows * 16);
  const entries = new BigUint64Array(entryBytes.buffer, entryBytes.byteOffset, rows * 2);
  const child = doubles(duckdb.list_vector_get_child(vector), duckdb.list_vector_get_size(vector));
  const validity = validityOf(vector, rows);
  const isNull = (i: number) => validity !== undefined && (validity[i >> 3] & (1 << (i & 7))) === 0;
  const offsets = new Int32Array(rows + 1);
  for (let i = 0; i < rows; i++) offsets[i + 1] = offsets[i] + (isNull(i) ? 0 : Number(entries[2 * i + 1]));
  const values = new Float64Array(offsets[rows]);
  for (let i = 0; i < rows; i++) values.set(child.subarray(Number(entries[2 * i]), Number(entries[2 * i]) + offsets[i + 1] - offsets[i]), offsets[i]);
  return { values, offsets };
}

/** The validity bitmask (bit i clear: row i is NULL), or undefined when every row is valid (the C API's NULL mask). */
function validityOf(vector: duckdb.Vector, count: number): Uint8Array | undefined {
  const mask = duckdb.vector_get_validity(vector, Math.ceil(count / 64) * 8) as Uint8Array | null;
  return mask && mask.length > 0 ? mask : undefined;
}
