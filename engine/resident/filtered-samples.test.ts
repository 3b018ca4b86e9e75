import { describe, expect, it } from 'vitest';
import { samplesAnswer, type SampleTexts } from './filtered-samples.js';
import { packed } from './packed-texts.js';

/** Texts in answer order for sample keys listed in that order (key k's text names it). */
function textsOf(keysInOrder: number[]): SampleTexts {
  const texts = keysInOrder.map((k) => `{"k":${k},"é":"ü"},`);
  const positionOf = new Int32Array(Math.max(...keysInOrder) + 1).fill(-1);
  keysInOrder.forEach((k, i) => (positionOf[k] = i));
  return { ...packed(texts), positionOf };
}

const text = (t: SampleTexts, keys: number[]) => Buffer.concat(samplesAnswer(t, Int32Array.from(keys))).toString('utf8');
const answer = (t: SampleTexts, keys: number[]) => JSON.parse(text(t, keys)).map((o: { k: number }) => o.k);

describe('samplesAnswer', () => {
  // Answer order is not key order: 5 sorts first.
  const t = textsOf([5, 0, 3, 1, 2, 7]);

  it('lists the chosen samples in answer order, runs and gaps alike', () => {
    expect(answer(t, [0, 1, 2, 3, 5, 7])).toEqual([5, 0, 3, 1, 2, 7]);
    expect(answer(t, [7, 2, 5])).toEqual([5, 2, 7]);
    expect(answer(t, [3, 1])).toEqual([3, 1]);
    expect(answer(t, [7])).toEqual([7]);
  });

  it('ignores repeats and keys of no sample', () => {
    expect(answer(t, [1, 1, 4, 6, 99, 3, 1])).toEqual([3, 1]);
  });

  it('answers [] for no sample', () => {
    expect(text(t, [])).toBe('[]');
    expect(answer(t, [4, 6])).toEqual([]);
  });

  it('sends long runs as views of at most 1 MB and copies short ones together, in order', () => {
    // 120,000 texts of ~22 bytes: 2.6 MB, so the whole list is one long run, and every other one
    // 60,000 short runs (1.3 MB).
    const order = Array.from({ length: 120_000 }, (_, i) => (i * 7919) % 120_000);
    const many = textsOf(order);
    const all = samplesAnswer(many, Int32Array.from(order));
    expect(all.length).toBeGreaterThan(2);
    expect(all.every((chunk) => chunk.length <= 1 << 20)).toBe(true);
    expect(all.slice(1, -1).every((chunk) => chunk.buffer === many.bytes.buffer)).toBe(true);
    expect(JSON.parse(Buffer.concat(all).toString()).map((o: { k: number }) => o.k)).toEqual(order);
    const odd = order.filter((k) => k % 2 === 1);
    const some = samplesAnswer(many, Int32Array.from(odd));
    expect(some.length).toBeGreaterThan(1);
    expect(JSON.parse(Buffer.concat(some).toString()).map((o: { k: number }) => o.k)).toEqual(odd);
  });
});
