// COSMIC counts by mutation keyword (cBioPortal's CosmicCountMapper): every imported COSMIC
// mutation whose keyword is one of those asked (exact, case-sensitive text), each row once however
// often its keyword is repeated; none while no COSMIC file is imported.
import type { ReadOnlyDb } from '../sql/db.js';
import { sql } from '../sql/sql.js';

export type CosmicMutationRow = {
  cosmic_mutation_id: string;
  protein_change: string;
  keyword: string;
  count: number;
};

/** Ordered by keyword, then id, as upstream's keyword index returns them. */
export function fetchCosmicCounts(db: ReadOnlyDb, keywords: readonly string[]): Promise<CosmicMutationRow[]> {
  return db.all<CosmicMutationRow>(sql`
    SELECT cosmic_mutation_id, protein_change, keyword, count FROM cosmic_mutation
    WHERE keyword IN (SELECT unnest(${keywords}::VARCHAR[]))
    ORDER BY keyword, cosmic_mutation_id`);
}
