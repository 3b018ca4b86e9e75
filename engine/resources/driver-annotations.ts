// The custom driver annotation report of a set of profiles (api.md 25): whether any mutation,
// CNA event or structural variant carries a binary driver annotation, and the tier names used.
import type { ReadOnlyDb } from '../sql/db.js';
import { sql } from '../sql/sql.js';

export async function fetchDriverAnnotationReport(db: ReadOnlyDb, molecularProfileIds: readonly string[]): Promise<{ hasBinary: boolean; tiers: string[] }> {
  const rows = await db.all<{ driver_filter: string | null; driver_tiers_filter: string | null }>(sql`
    WITH profiles AS (SELECT profile_key FROM molecular_profile WHERE stable_id IN (SELECT unnest(${molecularProfileIds}::VARCHAR[]))),
    annotations AS (
      SELECT driver_filter, driver_tiers_filter FROM mutation WHERE profile_key IN (SELECT profile_key FROM profiles)
      UNION ALL SELECT driver_filter, driver_tiers_filter FROM cna_event WHERE profile_key IN (SELECT profile_key FROM profiles)
      UNION ALL SELECT driver_filter, driver_tiers_filter FROM structural_variant WHERE profile_key IN (SELECT profile_key FROM profiles)
    )
    SELECT DISTINCT driver_filter, driver_tiers_filter FROM annotations`);
  const hasBinary = rows.some((r) => r.driver_filter === 'Putative_Driver' || r.driver_filter === 'Putative_Passenger');
  const tiers = [...new Set(rows.map((r) => r.driver_tiers_filter).filter((t): t is string => !!t && t !== 'NA'))].sort();
  return { hasBinary, tiers };
}
