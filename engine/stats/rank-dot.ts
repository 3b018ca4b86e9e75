// Dot products of a profile's 16-bit row ranks with one vector, in WebAssembly SIMD: a
// co-expression over every sample of a 20,000-gene profile is 20,000 such products of 10,000
// terms, about 175 ms in plain JavaScript and 20 ms with i32x4.dot_i16x8_s (eight products a step).
// The ranks live in a shared WebAssembly memory (so every pool worker reads them in place), after
// a few lock words and followed by scratch slots where a task writes its vector.

/**
 * The module, assembled by hand (the WebAssembly binary format; SIMD opcodes after the 0xfd
 * prefix). Its one function, in the text format:
 *
 *   (import "env" "memory" (memory 1 65536 shared))
 *   (func (export "dot") (param $a i32) (param $b i32) (param $n i32) (result f64)
 *     (local $lo v128) (local $hi v128) (local $d v128) (local $end i32)
 *     ;; Σ i16[a + 2i] · i16[b + 2i] over i < n (n a multiple of 8): per step, eight products
 *     ;; summed in pairs into four i32 lanes (|pair| < 2^31 while every value ≤ 32767), widened to
 *     ;; two i64x2 accumulators; the exact integer total as f64.
 *     (local.set $end (i32.add (local.get $a) (i32.shl (local.get $n) (i32.const 1))))
 *     (block (loop
 *       (br_if 1 (i32.ge_u (local.get $a) (local.get $end)))
 *       (local.set $d (i32x4.dot_i16x8_s (v128.load (local.get $a)) (v128.load (local.get $b))))
 *       (local.set $lo (i64x2.add (local.get $lo) (i64x2.extend_low_i32x4_s (local.get $d))))
 *       (local.set $hi (i64x2.add (local.get $hi) (i64x2.extend_high_i32x4_s (local.get $d))))
 *       (local.set $a (i32.add (local.get $a) (i32.const 16)))
 *       (local.set $b (i32.add (local.get $b) (i32.const 16)))
 *       (br 0)))
 *     (local.set $lo (i64x2.add (local.get $lo) (local.get $hi)))
 *     (f64.convert_i64_s (i64.add (i64x2.extract_lane 0 (local.get $lo)) (i64x2.extract_lane 1 (local.get $lo)))))
 */
const BODY = [
  0x02, 0x03, 0x7b, 0x01, 0x7f, // locals: 3 v128, 1 i32
  0x20, 0x00, 0x20, 0x02, 0x41, 0x01, 0x74, 0x6a, 0x21, 0x06, // end = a + (n << 1)
  0x02, 0x40, 0x03, 0x40, // block, loop
  0x20, 0x00, 0x20, 0x06, 0x4f, 0x0d, 0x01, // br_if 1 (a >= end)
  0x20, 0x00, 0xfd, 0x00, 0x00, 0x00, 0x20, 0x01, 0xfd, 0x00, 0x00, 0x00, // v128.load a, v128.load b
  0xfd, 0xba, 0x01, 0x21, 0x05, // d = i32x4.dot_i16x8_s
  0x20, 0x03, 0x20, 0x05, 0xfd, 0xc7, 0x01, 0xfd, 0xce, 0x01, 0x21, 0x03, // lo += extend_low(d)
  0x20, 0x04, 0x20, 0x05, 0xfd, 0xc8, 0x01, 0xfd, 0xce, 0x01, 0x21, 0x04, // hi += extend_high(d)
  0x20, 0x00, 0x41, 0x10, 0x6a, 0x21, 0x00, // a += 16
  0x20, 0x01, 0x41, 0x10, 0x6a, 0x21, 0x01, // b += 16
  0x0c, 0x00, 0x0b, 0x0b, // br 0, end loop, end block
  0x20, 0x03, 0x20, 0x04, 0xfd, 0xce, 0x01, 0x21, 0x03, // lo += hi
  0x20, 0x03, 0xfd, 0x1d, 0x00, 0x20, 0x03, 0xfd, 0x1d, 0x01, 0x7c, 0xb9, // f64(lane 0 + lane 1)
  0x0b,
];
const BYTES = new Uint8Array([
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, // magic, version 1
  0x01, 0x08, 0x01, 0x60, 0x03, 0x7f, 0x7f, 0x7f, 0x01, 0x7c, // type: (i32, i32, i32) -> f64
  0x02, 0x12, 0x01, 0x03, 0x65, 0x6e, 0x76, 0x06, 0x6d, 0x65, 0x6d, 0x6f, 0x72, 0x79, 0x02, 0x03, 0x01, 0x80, 0x80, 0x04, // import env.memory, shared 1..65536
  0x03, 0x02, 0x01, 0x00, // function 0 of type 0
  0x07, 0x07, 0x01, 0x03, 0x64, 0x6f, 0x74, 0x00, 0x00, // export "dot"
  0x0a, BODY.length + 2, 0x01, BODY.length, ...BODY, // code
]);

const MODULE = new WebAssembly.Module(BYTES);

/** Ranks the kernel takes: doubled midranks up to 32,767 (rows of up to 16,384 samples). */
const MAX_VALUE = 0x7fff;
/** Scratch slots, so that as many tasks (one per worker) use the memory at once. */
const SLOTS = 16;
const LOCK_BYTES = SLOTS * 4;
const PAGE = 65_536;
const MAX_PAGES = 65_536;

export interface RankMemory {
  memory: WebAssembly.Memory;
  /** Row-major ranks, `columnCount` per row. */
  ranks: Uint16Array;
}

/** A shared memory for `cells` ranks of rows of `columnCount`, or undefined when beyond the kernel (or 4 GB). */
export function rankMemory(cells: number, columnCount: number): RankMemory | undefined {
  if (2 * (columnCount - 1) > MAX_VALUE) return undefined;
  const bytes = scratchOffset(cells) + SLOTS * slotBytes(columnCount);
  const pages = Math.ceil(bytes / PAGE);
  if (pages > MAX_PAGES) return undefined;
  let memory: WebAssembly.Memory;
  try {
    memory = new WebAssembly.Memory({ initial: pages, maximum: pages, shared: true });
  } catch {
    return undefined; // no room for a WebAssembly memory of that size: plain arrays instead
  }
  return { memory, ranks: new Uint16Array(memory.buffer, LOCK_BYTES, cells) };
}

const scratchOffset = (cells: number) => Math.ceil((LOCK_BYTES + 2 * cells) / 16) * 16;
const slotBytes = (columnCount: number) => Math.ceil((2 * columnCount) / 16) * 16;

/**
 * Runs `work` with `dot(row)`: the dot product of row `row` of the ranks with `vector` (one
 * integer ≤ 32,767 per column). Undefined, without running it, when every scratch slot is taken.
 */
export function withRankDot<T>(m: RankMemory, columnCount: number, vector: Float64Array, work: (dot: (row: number) => number) => T): T | undefined {
  const locks = new Int32Array(m.memory.buffer, 0, SLOTS);
  let slot = 0;
  while (slot < SLOTS && Atomics.compareExchange(locks, slot, 0, 1) !== 0) slot++;
  if (slot === SLOTS) return undefined;
  try {
    const at = scratchOffset(m.ranks.length) + slot * slotBytes(columnCount);
    new Uint16Array(m.memory.buffer, at, columnCount).set(vector);
    const { dot } = new WebAssembly.Instance(MODULE, { env: { memory: m.memory } }).exports as { dot: (a: number, b: number, n: number) => number };
    const whole = columnCount & ~7;
    return work((row) => {
      const base = row * columnCount;
      let sum = dot(at, m.ranks.byteOffset + 2 * base, whole);
      for (let c = whole; c < columnCount; c++) sum += vector[c] * m.ranks[base + c];
      return sum;
    });
  } finally {
    Atomics.store(locks, slot, 0);
  }
}
