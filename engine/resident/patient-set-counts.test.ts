// Counting labels' patients over a cohort's patients: counts, order, and patients with any label.
import { describe, expect, it } from 'vitest';
import { countPatientSets, patientsOf, type PatientSets } from './patient-set-counts.js';

// SURGERY: patients 0, 1, 2; Status: 1, 3; radiation: 2 (labels in DuckDB's VARCHAR order).
const sets: PatientSets = { labels: ['SURGERY', 'Status', 'radiation'], offsets: Int32Array.from([0, 3, 5, 6]), patients: Int32Array.from([0, 1, 2, 1, 3, 2]) };

describe('countPatientSets', () => {
  it('counts the cohort patients of each label, by count then label, and those holding any', () => {
    const member = Uint8Array.from([0, 1, 1, 1]);
    expect(countPatientSets(sets, member)).toEqual({
      counts: [{ label: 'SURGERY', count: 2 }, { label: 'Status', count: 2 }, { label: 'radiation', count: 1 }],
      withAny: 3,
    });
  });

  it('leaves out labels no cohort patient holds', () => {
    expect(countPatientSets(sets, Uint8Array.from([1]))).toEqual({ counts: [{ label: 'SURGERY', count: 1 }], withAny: 1 });
    expect(countPatientSets(sets, new Uint8Array(0))).toEqual({ counts: [], withAny: 0 });
  });

  it('marks the patients of a cohort once per kept key list', () => {
    const patients = { patientOf: Float64Array.from([0, 0, 2, 3]), patientBound: 4 };
    const keys = Int32Array.from([1, 2]);
    expect([...patientsOf(keys, patients)]).toEqual([1, 0, 1, 0]);
    expect(patientsOf(keys, patients)).toBe(patientsOf(keys, patients));
  });
});
