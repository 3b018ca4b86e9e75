import { describe, expect, it } from 'vitest';
import { driverColumns, mafDriverColumns } from './driver-columns.js';

describe('driver columns', () => {
  it("records all four cells, with a literal 'NA', when a driver or a tier is given", () => {
    expect(driverColumns('Putative_Driver', 'Test driver', 'NA', '')).toEqual({
      driver_filter: 'Putative_Driver', driver_filter_annotation: 'Test driver', driver_tiers_filter: 'NA', driver_tiers_filter_annotation: 'NA',
    });
    expect(driverColumns('na', 'x', undefined, 'y').driver_filter).toBeNull();
    expect(driverColumns('', '', 'Class 1', '').driver_filter).toBe('NA');
  });

  it('reads NA as empty in the MAF variant, annotations as written', () => {
    expect(mafDriverColumns('NA', 'x', '', 'y').driver_filter).toBeNull();
    expect(mafDriverColumns('Putative_Driver', '', 'NA', '')).toEqual({
      driver_filter: 'Putative_Driver', driver_filter_annotation: '', driver_tiers_filter: '', driver_tiers_filter_annotation: '',
    });
  });
});
