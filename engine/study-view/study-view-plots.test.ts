// The violin plot's individual points: ordered by study and sample id whatever order the samples
// came in, inliers (a category shown as points only) before outliers.
import { describe, expect, it } from 'vitest';
import { toClinicalViolinPlotData, type ViolinSamples } from './study-view-plots.js';

describe('toClinicalViolinPlotData', () => {
  it('orders each part of the points by study id, then sample id', () => {
    const samples: ViolinSamples = {
      categories: ['A'], values: Float64Array.from([1, 2, 3, 4]), offsets: Int32Array.from([0, 4]),
      kept: new Uint8Array(4).fill(1), sampleKeys: Int32Array.from([10, 11, 12, 13]),
    };
    // Samples 10-13 (by sample key): S2 of b, S9 of a, S1 of b, S10 of a.
    const identities = { sampleId: [], studyId: [] } as { sampleId: string[]; studyId: string[] };
    [['S2', 'b'], ['S9', 'a'], ['S1', 'b'], ['S10', 'a']].forEach(([sampleId, studyId], i) => {
      identities.sampleId[10 + i] = sampleId;
      identities.studyId[10 + i] = studyId;
    });
    const box = { whiskerLower: 1, whiskerUpper: 4, median: 2.5, q1: 1.5, q3: 3.5 };
    const row = { category: 0, numSamples: 4, curveData: [], boxData: box, points: [0, 1, 2, 3], pointValues: [1, 2, 3, 4], inlierPoints: 2 };
    const data = toClinicalViolinPlotData(samples, { axisStart: 1, axisEnd: 4, rows: [row] }, identities);
    expect(data.rows[0].individualPoints).toEqual([
      { sampleId: 'S9', studyId: 'a', value: 2 }, { sampleId: 'S2', studyId: 'b', value: 1 }, // inliers
      { sampleId: 'S10', studyId: 'a', value: 4 }, { sampleId: 'S1', studyId: 'b', value: 3 }, // outliers
    ]);
  });
});
