// DuckDB result chunks as Arrow record batches, column by column: each vector's memory is copied
// through the C API (@duckdb/node-bindings) into Arrow buffers, never a JS value per cell. Texts
// are the costly part: DuckDB hands out each one longer than 12 bytes through a call of ~10 µs
// (get_data_from_pointer), so the query is wrapped to give every text column as its byte length
// and a row's texts concatenated in one column: one call per row instead of one per text (the
// mutations of 10,000 samples, 70,670 rows: 4.5 s for five text columns read one by one, ~0.5 s
// for all 24 packed, on the shared 2-core machine). That call per row is still most of a large
// answer's time (by estimate, ~20 s of the 26 s of 1,965,603 mutations); texts joined by DuckDB
// per block of rows would take an aggregation holding the whole answer.
// A record batch gathers some chunks: Arrow's writer costs ~5 ms per batch of 35 columns, whatever
// its length (2,048-row batches took 2.6 s per million rows to write, 32,768-row ones 0.4 s).
import duckdb from '@duckdb/node-bindings';
import { DuckDBStructType, DuckDBTypeId, type DuckDBDataChunk, type DuckDBType } from '@duckdb/node-api';
import { raw, sql, type Fragment } from './sql.js';
import { Bool, Field, Float64, Int32, makeData, RecordBatch, Schema, Struct, Utf8, type Data, type DataType } from 'apache-arrow';

/** A batch ends at this many rows, or once its texts pass TEXT_BYTES_PER_BATCH. */
const ROWS_PER_BATCH = 32_768;
const TEXT_BYTES_PER_BATCH = 8 << 20;

/** An answer's rows for Arrow: a query whose columns are the answer's fields (API or snake_case names). */
export interface ArrowRows {
  query: Fragment;
  /** A DOUBLE column's values mapped before they are written (e.g. rounded as the JSON answer rounds them). */
  numbers?: Readonly<Record<string, (x: number) => number>>;
}

type Vector = ReturnType<typeof duckdb.data_chunk_get_vector>;

interface ColumnBuilder {
  readonly field: Field;
  append(vector: Vector, count: number): void;
  /** The rows appended since the last finish, as one Arrow column. */
  finish(): Data;
}

/** The query's columns (names and types), as its plan gives them (Db.describe). */
export interface Columns {
  names: readonly string[];
  types: readonly DuckDBType[];
}

/** The record batches of a query whose columns are named (API or snake_case names) and typed as described. */
export class ArrowBatches {
  readonly schema: Schema;
  /** The query to run: its texts as byte lengths, with each row's texts concatenated in a last column. */
  readonly packed: Fragment;
  /** A builder per column, in the order of `fields` (the JSON item's). */
  private readonly builders: ColumnBuilder[];
  private readonly texts = new RowTexts();
  private rows = 0;

  /** `fields`: the answer's fields by API name (a struct's children by theirs), of which the columns give some. */
  constructor(query: Fragment, columns: Columns, fields: Schema, numbers: ArrowRows['numbers'], apiName: (name: string) => string) {
    const position = (name: string) => fields.fields.findIndex((f) => f.name === apiName(name));
    const order = columns.names.map((name, column) => {
      if (position(name) < 0) throw new Error(`column ${name} is not a field of the answer`);
      return column;
    }).sort((a, b) => position(columns.names[a]) - position(columns.names[b]));
    const plan = { texts: this.texts, apiName, textExpressions: [] as string[] };
    const selected: string[] = [];
    this.builders = order.map((column) => {
      const field = fields.fields[position(columns.names[column])];
      const { builder, expression } = builderOf(columns.types[column], field, `q.${quoted(columns.names[column])}`, numbers?.[field.name], plan);
      selected.push(expression);
      return builder;
    });
    if (plan.textExpressions.length > 0) selected.push(`concat(${plan.textExpressions.join(', ')})`);
    // The expressions are built from the query's own column names (quoted) and constants.
    this.packed = sql`SELECT ${raw(selected.join(', '))} FROM (${query}) q`;
    this.schema = new Schema(this.builders.map((b) => b.field));
  }

  /** Appends a chunk of the packed query; returns a batch when one is full. */
  append(chunk: DuckDBDataChunk): RecordBatch | undefined {
    const count = chunk.rowCount;
    if (chunk.columnCount > this.builders.length) this.texts.load(duckdb.data_chunk_get_vector(chunk.chunk, this.builders.length), count);
    this.builders.forEach((builder, column) => builder.append(duckdb.data_chunk_get_vector(chunk.chunk, column), count));
    this.rows += count;
    return this.rows >= ROWS_PER_BATCH || this.texts.taken >= TEXT_BYTES_PER_BATCH ? this.flush() : undefined;
  }

  /** The rows appended since the last batch (possibly none) as a batch. */
  flush(): RecordBatch {
    const children = this.builders.map((b) => b.finish());
    const batch = new RecordBatch(this.schema, makeData({ type: new Struct(this.schema.fields), length: this.rows, nullCount: 0, children }));
    this.rows = 0;
    this.texts.taken = 0;
    return batch;
  }
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

interface Plan {
  texts: RowTexts;
  apiName: (name: string) => string;
  /** The text expressions, in the order the builders read them from a row's concatenated texts. */
  textExpressions: string[];
}

/** A column's builder, and the packed query's expression of `expression` (a text: its byte length). */
function builderOf(type: DuckDBType, field: Field, expression: string, map: ((x: number) => number) | undefined, plan: Plan): { builder: ColumnBuilder; expression: string } {
  const target = field.type as DataType;
  const mismatch = () => new Error(`column ${field.name}: ${type.toString()} cannot be answered as ${String(target)}`);
  switch (type.typeId) {
    case DuckDBTypeId.INTEGER:
    case DuckDBTypeId.BIGINT:
      if (!(target instanceof Int32)) throw mismatch();
      return { builder: new Int32Builder(field, type.typeId === DuckDBTypeId.BIGINT), expression };
    case DuckDBTypeId.DOUBLE:
      if (!(target instanceof Float64)) throw mismatch();
      return { builder: new Float64Builder(field, map), expression };
    case DuckDBTypeId.BOOLEAN:
      if (!(target instanceof Bool)) throw mismatch();
      return { builder: new BoolBuilder(field), expression };
    case DuckDBTypeId.VARCHAR:
      if (!(target instanceof Utf8)) throw mismatch();
      plan.textExpressions.push(expression);
      // strlen counts bytes; NULL stays NULL (an absent field).
      return { builder: new Utf8Builder(field, plan.texts), expression: `strlen(${expression})::INTEGER` };
    case DuckDBTypeId.STRUCT: {
      if (!(target instanceof Struct) || !(type instanceof DuckDBStructType)) throw mismatch();
      const children = type.entryNames.map((name, i) => {
        const child = (target.children as Field[]).find((f) => f.name === plan.apiName(name));
        if (!child) throw new Error(`${field.name}.${name} is not a field of the answer`);
        return { name, ...builderOf(type.entryTypes[i], child, `struct_extract(${expression}, '${name.replaceAll("'", "''")}')`, undefined, plan) };
      });
      const packed = `struct_pack(${children.map((c) => `${quoted(c.name)} := ${c.expression}`).join(', ')})`;
      return { builder: new StructBuilder(field, children.map((c) => c.builder)), expression: `CASE WHEN ${expression} IS NULL THEN NULL ELSE ${packed} END` };
    }
    default:
      throw mismatch();
  }
}

/** A growable byte array. */
class Bytes {
  array = new Uint8Array(1024);
  length = 0;

  reserve(more: number): void {
    if (this.length + more <= this.array.length) return;
    const grown = new Uint8Array(Math.max(this.array.length * 2, this.length + more));
    grown.set(this.array.subarray(0, this.length));
    this.array = grown;
  }

  append(bytes: Uint8Array): void {
    const n = bytes.length;
    this.reserve(n);
    // A loop beats TypedArray.set for the short texts most are.
    if (n < 32) for (let k = 0; k < n; k++) this.array[this.length + k] = bytes[k];
    else this.array.set(bytes, this.length);
    this.length += n;
  }

  /** The bytes so far, and a fresh start. */
  take(): Uint8Array {
    const out = this.array.slice(0, this.length);
    this.length = 0;
    return out;
  }
}

/** A column's null bitmap; DuckDB's validity mask has Arrow's layout (LSB first, 1 = valid). */
class Validity {
  private readonly bits = new Bytes();
  private length = 0;
  private nulls = 0;

  /** Appends a vector's validity; returns its mask (undefined when every row is valid). */
  append(vector: Vector, count: number): Uint8Array | undefined {
    const mask = duckdb.vector_get_validity(vector, Math.ceil(count / 64) * 8) as Uint8Array | null;
    const end = this.length + count;
    this.bits.reserve(Math.ceil(end / 8) - this.bits.length);
    this.bits.array.fill(0, this.bits.length, Math.ceil(end / 8));
    this.bits.length = Math.ceil(end / 8);
    const bits = this.bits.array;
    const valid = mask !== null && mask.length > 0 ? mask : undefined;
    for (let i = 0, j = this.length; i < count; i++, j++) {
      if (valid === undefined || (valid[i >> 3] & (1 << (i & 7))) !== 0) bits[j >> 3] |= 1 << (j & 7);
      else this.nulls++;
    }
    this.length = end;
    return valid;
  }

  finish(): { nullCount: number; nullBitmap?: Uint8Array } {
    const nullCount = this.nulls;
    const nullBitmap = this.bits.take();
    this.length = 0;
    this.nulls = 0;
    return nullCount === 0 ? { nullCount } : { nullCount, nullBitmap };
  }
}

const isValid = (mask: Uint8Array | undefined, i: number) => mask === undefined || (mask[i >> 3] & (1 << (i & 7))) !== 0;

/** A copy of a vector's first `bytes` data bytes (aligned, so that typed arrays can view it). */
const dataOf = (vector: Vector, bytes: number) => duckdb.vector_get_data(vector, bytes).slice();

class Int32Builder implements ColumnBuilder {
  private readonly values = new Bytes();
  private readonly validity = new Validity();

  constructor(readonly field: Field, private readonly fromBigint: boolean) {}

  append(vector: Vector, count: number): void {
    const mask = this.validity.append(vector, count);
    this.values.reserve(count * 4);
    const out = new Int32Array(this.values.array.buffer, this.values.length, count);
    if (!this.fromBigint) out.set(new Int32Array(dataOf(vector, count * 4).buffer));
    else {
      // JSON types these fields integer, Java's int: the low half of each (little-endian) BIGINT,
      // which holds it whole when the high half only extends its sign.
      const words = new Int32Array(dataOf(vector, count * 8).buffer);
      for (let i = 0; i < count; i++) {
        const low = words[2 * i];
        if (words[2 * i + 1] !== low >> 31 && isValid(mask, i)) throw new Error(`${this.field.name}: ${i}th value beyond a 32-bit integer`);
        out[i] = low;
      }
    }
    this.values.length += count * 4;
  }

  finish(): Data {
    const { length } = this.values;
    return makeData({ type: this.field.type as Int32, length: length / 4, data: new Int32Array(this.values.take().buffer), ...this.validity.finish() });
  }
}

class Float64Builder implements ColumnBuilder {
  private readonly values = new Bytes();
  private readonly validity = new Validity();

  constructor(readonly field: Field, private readonly map?: (x: number) => number) {}

  append(vector: Vector, count: number): void {
    const mask = this.validity.append(vector, count);
    this.values.reserve(count * 8);
    const at = this.values.length;
    this.values.array.set(duckdb.vector_get_data(vector, count * 8), at);
    this.values.length += count * 8;
    if (!this.map) return;
    const out = new Float64Array(this.values.array.buffer, at, count);
    for (let i = 0; i < count; i++) if (isValid(mask, i)) out[i] = this.map(out[i]);
  }

  finish(): Data {
    const length = this.values.length / 8;
    return makeData({ type: this.field.type as Float64, length, data: new Float64Array(this.values.take().buffer), ...this.validity.finish() });
  }
}

class BoolBuilder implements ColumnBuilder {
  private readonly bits = new Bytes();
  private length = 0;
  private readonly validity = new Validity();

  constructor(readonly field: Field) {}

  append(vector: Vector, count: number): void {
    this.validity.append(vector, count);
    const bytes = duckdb.vector_get_data(vector, count); // one byte per value
    const end = this.length + count;
    this.bits.reserve(Math.ceil(end / 8) - this.bits.length);
    this.bits.array.fill(0, this.bits.length, Math.ceil(end / 8));
    this.bits.length = Math.ceil(end / 8);
    for (let i = 0, j = this.length; i < count; i++, j++) if (bytes[i] !== 0) this.bits.array[j >> 3] |= 1 << (j & 7);
    this.length = end;
  }

  finish(): Data {
    const { length } = this;
    this.length = 0;
    return makeData({ type: this.field.type as Bool, length, data: this.bits.take(), ...this.validity.finish() });
  }
}

/** DuckDB's strings are 16-byte records: the length, then the text itself (up to 12 bytes) or a pointer to it. */
const STRING_RECORD = 16;
const INLINE_LENGTH = 12;

/** The concatenated texts of a chunk's rows; each text column takes its piece of each row in turn. */
class RowTexts {
  private readonly bytes = new Bytes();
  /** Where each row's next piece starts. */
  private cursor = new Int32Array(0);
  /** Bytes taken since the batch began. */
  taken = 0;

  load(vector: Vector, count: number): void {
    const records = duckdb.vector_get_data(vector, count * STRING_RECORD);
    const view = new DataView(records.buffer, records.byteOffset, records.byteLength);
    if (this.cursor.length < count) this.cursor = new Int32Array(count);
    this.bytes.length = 0;
    for (let i = 0; i < count; i++) {
      const at = i * STRING_RECORD;
      const n = view.getUint32(at, true);
      this.cursor[i] = this.bytes.length;
      this.bytes.append(n <= INLINE_LENGTH ? records.subarray(at + 4, at + 4 + n) : duckdb.get_data_from_pointer(records.buffer as ArrayBuffer, records.byteOffset + at + 8, n));
    }
  }

  /** Appends row i's next `n` bytes to `out`. */
  take(i: number, n: number, out: Bytes): void {
    const from = this.cursor[i];
    out.append(this.bytes.array.subarray(from, from + n));
    this.cursor[i] = from + n;
    this.taken += n;
  }
}

class Utf8Builder implements ColumnBuilder {
  private readonly bytes = new Bytes();
  private offsets = new Int32Array(1025);
  private length = 0;
  private readonly validity = new Validity();

  constructor(readonly field: Field, private readonly texts: RowTexts) {}

  /** `vector`: the texts' byte lengths (INTEGER). */
  append(vector: Vector, count: number): void {
    const mask = this.validity.append(vector, count);
    const lengths = new Int32Array(dataOf(vector, count * 4).buffer);
    if (this.offsets.length < this.length + count + 1) {
      const grown = new Int32Array(Math.max(this.offsets.length * 2, this.length + count + 1));
      grown.set(this.offsets.subarray(0, this.length + 1));
      this.offsets = grown;
    }
    for (let i = 0; i < count; i++) {
      if (isValid(mask, i)) this.texts.take(i, lengths[i], this.bytes);
      this.offsets[++this.length] = this.bytes.length;
    }
  }

  finish(): Data {
    const { length } = this;
    const valueOffsets = this.offsets.slice(0, length + 1);
    this.length = 0;
    return makeData({ type: this.field.type as Utf8, length, valueOffsets, data: this.bytes.take(), ...this.validity.finish() });
  }
}

class StructBuilder implements ColumnBuilder {
  readonly field: Field;
  private length = 0;
  private readonly validity = new Validity();

  constructor(field: Field, private readonly children: ColumnBuilder[]) {
    // Only the children the query gives, in its order.
    this.field = new Field(field.name, new Struct(children.map((c) => c.field)), true, field.metadata);
  }

  append(vector: Vector, count: number): void {
    this.validity.append(vector, count);
    this.children.forEach((c, i) => c.append(duckdb.struct_vector_get_child(vector, i), count));
    this.length += count;
  }

  finish(): Data {
    const { length } = this;
    this.length = 0;
    return makeData({ type: this.field.type as Struct, length, children: this.children.map((c) => c.finish()), ...this.validity.finish() });
  }
}
