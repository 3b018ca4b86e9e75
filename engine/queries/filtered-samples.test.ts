import { describe, expect, it } from 'vitest';
import { samplesAnswer, type SampleTexts } from './filtered-samples.js';

/** Texts in answer order for sample keys listed in that order (key k's text names it). */
function textsOf(keysInOrder: number[]): SampleTexts {
  const texts = keysInOrder.map((k) => `{"k":${k},"é":"ü"},`);
  const starts = new Float64Array(texts.length + 1);
  texts.forEach((t, i) => (starts[i + 1] = starts[i] + Buffer.byteLength(t)));
  const positionOf = new Int32Array(Math.max(...keysInOrder) + 1).fill(-1);
  keysInOrder.forEach((k, i) => (positionOf[k] = i));
  return { texts: Buffer.from(texts.join('')), starts, positionOf };
}

const answer = (t: SampleTexts, keys: number[]) => JSON.parse(samplesAnswer(t, Int32Array.from(keys)).toString('utf8')).map((o: { k: number }) => o.k);

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
    expect(samplesAnswer(t, new Int32Array()).toString()).toBe('[]');
    expect(answer(t, [4, 6])).toEqual([]);
  });
});
