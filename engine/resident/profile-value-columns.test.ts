// Counting a kept value column over a cohort: per cell, per (sample, value) and per (patient,
// value), the NA entry, and the list shared while the cohort's keys are.
import { describe, expect, it } from 'vitest';
import { countValuesIn, type ValueColumn } from './profile-value-columns.js';

/**
 * Patient 0's two samples hold its value 1 (a patient-level profile copies it); sample 2 (patient 1)
 * holds 1 and, twice, 2 (two genes of one symbol); sample 3 (patient 2) holds x. Rows are ordered by
 * patient, value and sample, as read.
 */
const column: ValueColumn = {
  names: ['1', '2', 'x'],
  doubles: [1, 2, null],
  samples: Int32Array.from([0, 1, 2, 2, 2, 3]),
  patients: Int32Array.from([0, 0, 1, 1, 1, 2]),
  values: Int32Array.from([0, 0, 0, 1, 1, 2]),
};

describe('countValuesIn', () => {
  // Samples 0, 1, 2 and 4 (no value); sample 3 is not in the cohort.
  const keys = Int32Array.from([0, 1, 2, 4]);

  it('counts cells, samples or patients of the cohort, values without one left out', () => {
    expect(countValuesIn(column, keys, 'cells')).toEqual([{ value: '1', count: 3 }, { value: '2', count: 2 }]);
    expect(countValuesIn(column, keys, 'samples')).toEqual([{ value: '1', count: 3 }, { value: '2', count: 1 }]);
    expect(countValuesIn(column, keys, 'patients')).toEqual([{ value: '1', count: 2 }, { value: '2', count: 1 }]);
  });

  it('counts a patient once per value even when one of its samples between is not in the cohort', () => {
    const withGap: ValueColumn = { ...column, samples: Int32Array.from([0, 5, 1]), patients: Int32Array.from([0, 0, 0]), values: Int32Array.from([0, 0, 0]) };
    expect(countValuesIn(withGap, Int32Array.from([0, 1]), 'patients')).toEqual([{ value: '1', count: 1 }]);
  });

  it('adds the units without a value as NA, only when there are some', () => {
    expect(countValuesIn(column, keys, 'samples', { units: 4 })).toEqual([{ value: '1', count: 3 }, { value: '2', count: 1 }]);
    expect(countValuesIn(column, keys, 'patients', { units: 4 })).toEqual([{ value: '1', count: 2 }, { value: '2', count: 1 }, { value: 'NA', count: 1 }]);
  });

  it('gives the same list for the same kept keys, and counts other keys afresh', () => {
    const first = countValuesIn(column, keys, 'cells');
    expect(countValuesIn(column, keys, 'cells')).toBe(first);
    const other = countValuesIn(column, Int32Array.from(keys), 'cells');
    expect(other).not.toBe(first);
    expect(other).toEqual(first);
    expect(countValuesIn(column, Int32Array.from([3]), 'cells')).toEqual([{ value: 'x', count: 1 }]);
  });
});
