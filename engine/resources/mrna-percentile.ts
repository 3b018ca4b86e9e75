// mRNA percentile of one sample's expression value among all profiled samples (api.md 22.1):
// rank with ties at the maximum rank, over the gene's numeric values, as a percentage (2 decimals).
import type { ReadOnlyDb } from '../sql/db.js';
import { sql } from '../sql/sql.js';

export type MrnaPercentileRow = {
  molecular_profile_id: string; sample_id: string; patient_id: string; study_id: string; entrez_gene_id: number;
  percentile: number; z_score: number; unique_sample_key: string; unique_patient_key: string;
};

export async function fetchMrnaPercentiles(db: ReadOnlyDb, profileKey: number, sampleKey: number, entrezGeneIds: readonly number[]): Promise<MrnaPercentileRow[]> {
  return db.all<MrnaPercentileRow>(sql`
    WITH genes AS (SELECT DISTINCT unnest(${entrezGeneIds}::INTEGER[]) AS entrez_gene_id),
    numeric_values AS (
      SELECT v.entrez_gene_id, v.sample_key, TRY_CAST(v.value AS DOUBLE) AS x
      FROM gene_value v JOIN genes USING (entrez_gene_id)
      WHERE v.profile_key = ${profileKey}
    ),
    ranked AS (SELECT * FROM numeric_values WHERE x IS NOT NULL AND NOT isnan(x))
    SELECT p.stable_id AS molecular_profile_id, s.sample_id, pt.patient_id, st.study_id, r.entrez_gene_id,
      round((SELECT count(*) FROM ranked o WHERE o.entrez_gene_id = r.entrez_gene_id AND o.x <= r.x) * 100.0
            / (SELECT count(*) FROM ranked o WHERE o.entrez_gene_id = r.entrez_gene_id), 2) AS percentile,
      r.x AS z_score,
      unique_key(s.sample_id, st.study_id) AS unique_sample_key, unique_key(pt.patient_id, st.study_id) AS unique_patient_key
    FROM ranked r JOIN sample s USING (sample_key) JOIN patient pt USING (patient_key) JOIN cancer_study st ON st.study_key = s.study_key
      JOIN molecular_profile p ON p.profile_key = ${profileKey}
    WHERE r.sample_key = ${sampleKey}
    ORDER BY r.entrez_gene_id`);
}
