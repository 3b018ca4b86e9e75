// Data computed after a study's files are loaded (study-format 22) and the derived tables the
// Study View queries read (schema.sql, "Derived tables"). All of it is recomputed per study.
import { sql, type Fragment } from '../engine/sql/sql.js';
import type { StudyContext } from './context.js';

export async function deriveStudyData(ctx: StudyContext): Promise<void> {
  const key = ctx.study.key;
  await computeMutationCount(ctx, key);
  await computeFractionGenomeAltered(ctx, key);
  await computeSampleCount(ctx, key);
  await buildGenomicEvents(ctx, key);
}

/** Adds a computed attribute's definition unless the study has it already. */
async function defineAttribute(ctx: StudyContext, key: number, attrId: string, name: string, datatype: string, patient: boolean, priority: string): Promise<void> {
  await ctx.db.run(sql`INSERT INTO clinical_attribute_meta
    SELECT ${key}, ${attrId}, ${name}, ${name}, ${datatype}, ${patient}, ${priority}
    WHERE NOT EXISTS (SELECT 1 FROM clinical_attribute_meta WHERE study_key = ${key} AND attr_id = ${attrId})`);
}

async function replaceSampleAttribute(ctx: StudyContext, key: number, attrId: string, values: Fragment): Promise<void> {
  await ctx.db.run(sql`DELETE FROM clinical_sample WHERE study_key = ${key} AND attr_id = ${attrId}`);
  await ctx.db.run(sql`INSERT INTO clinical_sample SELECT ${key}, sample_key, ${attrId}, value FROM (${values})`);
}

/**
 * MUTATION_COUNT: distinct (chr, start, end, ref, alt) of non-germline mutations per sample
 * profiled in a MUTATION_EXTENDED profile. Like the reference query, the sample's mutations are
 * not restricted to that profile, so uncalled mutations count too. A sample without mutations
 * joins a NULL row, whose struct of NULLs count(DISTINCT) would count as one key: hence the FILTER.
 */
async function computeMutationCount(ctx: StudyContext, key: number): Promise<void> {
  const profiled = sql`SELECT DISTINCT sp.sample_key FROM sample_profile sp JOIN molecular_profile mp USING (profile_key)
    WHERE sp.study_key = ${key} AND mp.genetic_alteration_type = 'MUTATION_EXTENDED'`;
  const any = await ctx.db.one(sql`${profiled} LIMIT 1`);
  if (!any) return;
  await defineAttribute(ctx, key, 'MUTATION_COUNT', 'Mutation Count', 'NUMBER', false, '30');
  await replaceSampleAttribute(ctx, key, 'MUTATION_COUNT', sql`
    SELECT p.sample_key,
      count(DISTINCT (m.chr, m.start_position, m.end_position, m.reference_allele, m.tumor_seq_allele))
        FILTER (WHERE m.sample_key IS NOT NULL)::VARCHAR AS value
    FROM (${profiled}) p LEFT JOIN mutation m
      ON m.sample_key = p.sample_key AND lower(coalesce(m.mutation_status, '')) <> 'germline'
    GROUP BY p.sample_key`);
}

/** FRACTION_GENOME_ALTERED: altered (|mean| >= 0.2) segment length over all segment length. */
async function computeFractionGenomeAltered(ctx: StudyContext, key: number): Promise<void> {
  const any = await ctx.db.one(sql`SELECT 1 FROM copy_number_seg WHERE study_key = ${key} LIMIT 1`);
  if (!any) return;
  await defineAttribute(ctx, key, 'FRACTION_GENOME_ALTERED', 'Fraction Genome Altered', 'NUMBER', false, '20');
  await replaceSampleAttribute(ctx, key, 'FRACTION_GENOME_ALTERED', sql`
    SELECT sample_key,
      round(sum(CASE WHEN abs(segment_mean) >= 0.2 THEN end_position - start_position ELSE 0 END)::DOUBLE
            / nullif(sum(end_position - start_position), 0), 4)::VARCHAR AS value
    FROM copy_number_seg WHERE study_key = ${key} GROUP BY sample_key HAVING sum(end_position - start_position) > 0`);
}

/** SAMPLE_COUNT: the number of (created) samples of each patient. */
async function computeSampleCount(ctx: StudyContext, key: number): Promise<void> {
  await defineAttribute(ctx, key, 'SAMPLE_COUNT', 'Number of Samples Per Patient', 'STRING', true, '1');
  await ctx.db.run(sql`DELETE FROM clinical_patient WHERE study_key = ${key} AND attr_id = 'SAMPLE_COUNT'`);
  await ctx.db.run(sql`INSERT INTO clinical_patient
    SELECT ${key}, patient_key, 'SAMPLE_COUNT', count(*)::VARCHAR FROM sample WHERE study_key = ${key} GROUP BY patient_key`);
}

/** genomic_event and sample_gene_alteration, sorted by gene then sample for zone-map pruning. */
async function buildGenomicEvents(ctx: StudyContext, key: number): Promise<void> {
  await ctx.db.run(sql`DELETE FROM genomic_event WHERE study_key = ${key}`);
  await ctx.db.run(sql`DELETE FROM sample_gene_alteration WHERE study_key = ${key}`);
  await ctx.db.run(sql`
    INSERT INTO genomic_event
    WITH events AS (
      SELECT m.sample_key, m.profile_key, m.entrez_gene_id, 'mutation' AS variant_type, coalesce(m.mutation_type, 'NA') AS mutation_type,
             coalesce(m.mutation_status, 'NA') AS status, m.driver_filter, m.driver_tiers_filter, NULL::TINYINT AS cna_alteration
      FROM mutation m JOIN molecular_profile mp USING (profile_key)
      WHERE m.study_key = ${key} AND mp.genetic_alteration_type = 'MUTATION_EXTENDED'
      UNION ALL
      SELECT sample_key, profile_key, entrez_gene_id, 'cna', 'NA', 'NA', driver_filter, driver_tiers_filter, alteration
      FROM cna_event WHERE study_key = ${key}
      UNION ALL
      -- Every SV is an event of its site-1 gene and of its site-2 gene, once for a gene at both
      -- sites (as the reference's derived table: its site-2 row only when the genes differ); two
      -- SVs of one sample naming a gene are two events (structuralvariant-genes' totalCount).
      SELECT sample_key, profile_key, gene, 'structural_variant', 'NA', coalesce(sv_status, 'NA'), driver_filter, driver_tiers_filter, NULL
      FROM (SELECT *, unnest(list_distinct(list_filter([site1_entrez_gene_id, site2_entrez_gene_id], g -> g IS NOT NULL))) AS gene
            FROM structural_variant WHERE study_key = ${key})
    )
    SELECT ${key}, e.sample_key, s.patient_key, e.profile_key, e.entrez_gene_id, e.variant_type, e.mutation_type, e.status,
           e.driver_filter, e.driver_tiers_filter, e.cna_alteration,
           sp.panel_key IS NOT NULL AND NOT EXISTS (
             SELECT 1 FROM gene_panel_gene g WHERE g.panel_key = sp.panel_key AND g.entrez_gene_id = e.entrez_gene_id) AS off_panel
    FROM events e JOIN sample s USING (sample_key)
    LEFT JOIN sample_profile sp ON sp.sample_key = e.sample_key AND sp.profile_key = e.profile_key
    ORDER BY e.entrez_gene_id, e.sample_key`);
  await ctx.db.run(sql`
    INSERT INTO sample_gene_alteration
    SELECT ${key}, sample_key, patient_key, entrez_gene_id, variant_type, cna_alteration, count(*)::INTEGER
    FROM genomic_event WHERE study_key = ${key}
    GROUP BY ALL ORDER BY entrez_gene_id, sample_key`);
}
