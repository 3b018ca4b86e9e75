// Driver columns (study-format 10.5) of MAF, SV, CNA-long and pd annotation rows: the four cells
// are recorded only when cbp_driver or cbp_driver_tiers says something (not empty, not NA).
import { partString } from '../text/tsv.js';

export const DRIVER_COLUMNS = ['cbp_driver', 'cbp_driver_annotation', 'cbp_driver_tiers', 'cbp_driver_tiers_annotation'] as const;

/** The driver columns of a mutation, structural variant or CNA event; all null when not recorded. */
export interface DriverColumns {
  driver_filter: string | null;
  driver_filter_annotation: string | null;
  driver_tiers_filter: string | null;
  driver_tiers_filter_annotation: string | null;
}

/** cbp_driver or cbp_driver_tiers holds something other than empty or NA (in any case). */
export function isDriverAnnotated(driver: string, tiers: string): boolean {
  return [driver, tiers].some((v) => v !== '' && v.toLowerCase() !== 'na');
}

function toDriverColumns(driver: string, driverAnnotation: string, tiers: string, tiersAnnotation: string): DriverColumns {
  if (!isDriverAnnotated(driver, tiers)) return { driver_filter: null, driver_filter_annotation: null, driver_tiers_filter: null, driver_tiers_filter_annotation: null };
  return { driver_filter: driver, driver_filter_annotation: driverAnnotation, driver_tiers_filter: tiers, driver_tiers_filter_annotation: tiersAnnotation };
}

/** SV and CNA-long importers (TabDelimitedFileUtil.getPartString): absent or empty cells are kept as the literal 'NA'. */
export function driverColumns(driver: string | undefined, driverAnnotation: string | undefined, tiers: string | undefined, tiersAnnotation: string | undefined): DriverColumns {
  return toDriverColumns(partString(driver), partString(driverAnnotation), partString(tiers), partString(tiersAnnotation));
}

/** MAF importer: cells as read ('' for an absent column), except that NA in cbp_driver or cbp_driver_tiers becomes ''. */
export function mafDriverColumns(driver: string, driverAnnotation: string, tiers: string, tiersAnnotation: string): DriverColumns {
  return toDriverColumns(driver === 'NA' ? '' : driver, driverAnnotation, tiers === 'NA' ? '' : tiers, tiersAnnotation);
}
