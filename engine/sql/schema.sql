-- duckportal store schema: the one place where every table is defined and explained.
--
-- Conventions
--   * Integer surrogate keys (study_key, patient_key, sample_key, profile_key, ...) join the
--     tables; cBioPortal's text ids (study_id, sample_id, ...) are kept once, on their own row.
--   * Every study-owned table carries study_key, so deleting or replacing a study is one
--     DELETE per table (loaders/store/delete-study.ts) inside the load transaction.
--   * Text values from study files are stored as the reference importer stores them (see
--     ../shared/spec/study-format.md): NA-like clinical values are not stored, matrix cells keep
--     their trimmed text, MAF/SV text columns hold the literal 'NA' when empty.
--   * Loaders insert event tables ordered by (study_key, entrez_gene_id, sample_key) so that
--     DuckDB's zone maps prune the common gene and study filters.
-- Every statement is idempotent: the schema is applied each time a store is opened for writing.

-- ─── Reference data (global; `duckportal genes import`, `genesets import`) ────────────────

CREATE TABLE IF NOT EXISTS gene (
  entrez_gene_id    INTEGER PRIMARY KEY,  -- negative for phosphoprotein pseudo-genes
  hugo_gene_symbol  VARCHAR NOT NULL,     -- upper case
  type              VARCHAR,              -- protein-coding, miRNA, phosphoprotein, ...
  genetic_entity_id INTEGER
);

CREATE TABLE IF NOT EXISTS gene_alias (
  entrez_gene_id INTEGER NOT NULL,
  gene_alias     VARCHAR NOT NULL
);

CREATE TABLE IF NOT EXISTS reference_genome (
  reference_genome_id INTEGER PRIMARY KEY, -- 1 = hg19, 2 = hg38, 3 = mm10
  species             VARCHAR,
  name                VARCHAR NOT NULL,    -- hg19, hg38, mm10
  build_name          VARCHAR,             -- GRCh37, GRCh38, GRCm38
  genome_size         BIGINT,
  url                 VARCHAR,
  release_date        VARCHAR
);

CREATE TABLE IF NOT EXISTS reference_genome_gene (
  entrez_gene_id      INTEGER NOT NULL,
  reference_genome_id INTEGER NOT NULL,
  chromosome          VARCHAR,
  cytoband            VARCHAR,
  start_position      BIGINT,
  end_position        BIGINT
);

CREATE TABLE IF NOT EXISTS type_of_cancer (
  type_of_cancer_id VARCHAR PRIMARY KEY,  -- lower case
  name              VARCHAR,
  dedicated_color   VARCHAR,
  short_name        VARCHAR,
  parent            VARCHAR               -- 'tissue' for roots
);

-- Gene sets (GMT + supplementary file + hierarchy YAML) and the version they were loaded as.
CREATE TABLE IF NOT EXISTS geneset (
  geneset_key INTEGER PRIMARY KEY,
  geneset_id  VARCHAR NOT NULL UNIQUE,    -- the GMT's first column, the API's genesetId
  name        VARCHAR,
  description VARCHAR,
  ref_link    VARCHAR
);

CREATE TABLE IF NOT EXISTS geneset_gene (
  geneset_key    INTEGER NOT NULL,
  entrez_gene_id INTEGER NOT NULL
);

CREATE TABLE IF NOT EXISTS geneset_hierarchy_node (
  node_id   INTEGER PRIMARY KEY,
  node_name VARCHAR NOT NULL,
  parent_id INTEGER                      -- NULL for root categories
);

CREATE TABLE IF NOT EXISTS geneset_hierarchy_leaf (
  node_id     INTEGER NOT NULL,
  geneset_key INTEGER NOT NULL
);

-- COSMIC's coding mutations (`duckportal cosmic import`, CosmicCodingMuts.vcf; re-import replaces),
-- as cBioPortal's cosmic_mutation: the counts of POST /api/cosmic-counts/fetch, matched by keyword.
-- Rows are inserted ordered by keyword (zone maps prune the lookup).
CREATE TABLE IF NOT EXISTS cosmic_mutation (
  cosmic_mutation_id VARCHAR NOT NULL,    -- COSMIC's legacy id without 'COSM' (12600); unique
  chr                VARCHAR,
  start_position     BIGINT,
  reference_allele   VARCHAR,
  tumor_seq_allele   VARCHAR,
  strand             VARCHAR,
  codon_change       VARCHAR,             -- the INFO field CDS (c.215C>G)
  entrez_gene_id     INTEGER NOT NULL,
  protein_change     VARCHAR NOT NULL,    -- the INFO field AA without 'p.' (R273H)
  count              INTEGER NOT NULL,    -- the INFO field CNT: samples with the mutation
  keyword            VARCHAR NOT NULL     -- '<GENE as COSMIC writes it> <keyword>' ('TP53 R273 missense')
);

-- Small key/value facts about the installation: geneset_version, gene_table_version, ...
CREATE TABLE IF NOT EXISTS info (
  key   VARCHAR PRIMARY KEY,
  value VARCHAR
);

-- Gene panels are global, as in cBioPortal (a study folder's panel files are imported first).
CREATE TABLE IF NOT EXISTS gene_panel (
  panel_key   INTEGER PRIMARY KEY,
  panel_id    VARCHAR NOT NULL UNIQUE,    -- stable_id of the panel file
  description VARCHAR
);

CREATE TABLE IF NOT EXISTS gene_panel_gene (
  panel_key      INTEGER NOT NULL,
  entrez_gene_id INTEGER NOT NULL
);

-- Generic assay entities are global, keyed by ENTITY_STABLE_ID (study-format 17.3).
CREATE TABLE IF NOT EXISTS generic_entity (
  entity_key  INTEGER PRIMARY KEY,
  stable_id   VARCHAR NOT NULL UNIQUE,
  entity_type VARCHAR NOT NULL             -- the profile's generic_assay_type
);

CREATE TABLE IF NOT EXISTS generic_entity_property (
  entity_key INTEGER NOT NULL,
  name       VARCHAR NOT NULL,
  value      VARCHAR
);

-- What names each load of a study: a new stamp at every load (whole or incremental), dropped with
-- the study. Servers compare them across store generations (sql/study-stamps.ts).
CREATE TABLE IF NOT EXISTS study_stamp (
  study_key INTEGER PRIMARY KEY,
  stamp     UUID NOT NULL
);

-- ─── Studies, patients, samples ───────────────────────────────────────────────────────────

CREATE TABLE IF NOT EXISTS cancer_study (
  study_key         INTEGER PRIMARY KEY,
  study_id          VARCHAR NOT NULL UNIQUE,
  type_of_cancer_id VARCHAR NOT NULL,
  name              VARCHAR NOT NULL,
  description       VARCHAR,
  public_study      BOOLEAN NOT NULL DEFAULT TRUE,
  pmid              VARCHAR,
  citation          VARCHAR,
  groups            VARCHAR NOT NULL DEFAULT '',  -- ';'-separated, upper case
  status            INTEGER NOT NULL DEFAULT 0,
  import_date       TIMESTAMP NOT NULL,
  reference_genome  VARCHAR NOT NULL DEFAULT 'hg19',
  tags              JSON                          -- the tags_file as JSON
);

CREATE TABLE IF NOT EXISTS patient (
  patient_key INTEGER PRIMARY KEY,
  study_key   INTEGER NOT NULL,
  patient_id  VARCHAR NOT NULL
);

CREATE TABLE IF NOT EXISTS sample (
  sample_key  INTEGER PRIMARY KEY,
  study_key   INTEGER NOT NULL,
  patient_key INTEGER NOT NULL,
  sample_id   VARCHAR NOT NULL,
  sample_type VARCHAR NOT NULL              -- display label, e.g. 'Primary Solid Tumor'
);

-- ─── Clinical data ────────────────────────────────────────────────────────────────────────

CREATE TABLE IF NOT EXISTS clinical_attribute_meta (
  study_key         INTEGER NOT NULL,
  attr_id           VARCHAR NOT NULL,       -- upper case
  display_name      VARCHAR,
  description       VARCHAR,
  datatype          VARCHAR NOT NULL,       -- STRING | NUMBER | BOOLEAN, as written
  patient_attribute BOOLEAN NOT NULL,
  priority          VARCHAR NOT NULL        -- kept as text, as cBioPortal does
);

-- Only stored values (NA-like cells are not stored); values are text as in the file.
CREATE TABLE IF NOT EXISTS clinical_sample (
  study_key  INTEGER NOT NULL,
  sample_key INTEGER NOT NULL,
  attr_id    VARCHAR NOT NULL,
  attr_value VARCHAR NOT NULL
);

CREATE TABLE IF NOT EXISTS clinical_patient (
  study_key   INTEGER NOT NULL,
  patient_key INTEGER NOT NULL,
  attr_id     VARCHAR NOT NULL,
  attr_value  VARCHAR NOT NULL
);

-- Timeline files: one event per row, its extra columns as key/value attributes.
CREATE TABLE IF NOT EXISTS clinical_event (
  event_key   INTEGER PRIMARY KEY,
  study_key   INTEGER NOT NULL,
  patient_key INTEGER NOT NULL,
  start_date  INTEGER NOT NULL,            -- days since diagnosis
  stop_date   INTEGER,
  event_type  VARCHAR NOT NULL
);

CREATE TABLE IF NOT EXISTS clinical_event_data (
  study_key INTEGER NOT NULL,
  event_key INTEGER NOT NULL,
  key       VARCHAR NOT NULL,
  value     VARCHAR NOT NULL
);

-- ─── Sample lists ─────────────────────────────────────────────────────────────────────────

CREATE TABLE IF NOT EXISTS sample_list (
  list_key    INTEGER PRIMARY KEY,
  study_key   INTEGER NOT NULL,
  stable_id   VARCHAR NOT NULL,              -- the API's sampleListId
  category    VARCHAR NOT NULL,
  name        VARCHAR NOT NULL,
  description VARCHAR
);

CREATE TABLE IF NOT EXISTS sample_list_member (
  study_key  INTEGER NOT NULL,
  list_key   INTEGER NOT NULL,
  sample_key INTEGER NOT NULL
);

-- ─── Molecular profiles and which samples they profiled ──────────────────────────────────

CREATE TABLE IF NOT EXISTS molecular_profile (
  profile_key                  INTEGER PRIMARY KEY,
  study_key                    INTEGER NOT NULL,
  stable_id                    VARCHAR NOT NULL,  -- full id: <studyId>_<stable_id>
  genetic_alteration_type      VARCHAR NOT NULL,
  datatype                     VARCHAR NOT NULL,  -- DISCRETE_LONG is stored as DISCRETE
  name                         VARCHAR,
  description                  VARCHAR,
  show_profile_in_analysis_tab BOOLEAN NOT NULL,
  patient_level                BOOLEAN NOT NULL DEFAULT FALSE,
  generic_assay_type           VARCHAR,
  pivot_threshold              DOUBLE,
  sort_order                   VARCHAR,
  source_stable_id             VARCHAR,           -- full id of the linked profile (Z-scores, GSVA)
  geneset_def_version          VARCHAR
);

-- One row per (sample, profile) the sample was profiled in; panel_key NULL = whole exome/genome.
CREATE TABLE IF NOT EXISTS sample_profile (
  study_key   INTEGER NOT NULL,
  sample_key  INTEGER NOT NULL,
  profile_key INTEGER NOT NULL,
  panel_key   INTEGER
);

-- ─── Genomic events ───────────────────────────────────────────────────────────────────────

CREATE TABLE IF NOT EXISTS mutation (
  study_key                      INTEGER NOT NULL,
  profile_key                    INTEGER NOT NULL,
  sample_key                     INTEGER NOT NULL,
  entrez_gene_id                 INTEGER NOT NULL,
  center                         VARCHAR,
  mutation_status                VARCHAR,
  validation_status              VARCHAR,
  tumor_alt_count                INTEGER,
  tumor_ref_count                INTEGER,
  normal_alt_count               INTEGER,
  normal_ref_count               INTEGER,
  amino_acid_change              VARCHAR,
  chr                            VARCHAR,
  start_position                 BIGINT,
  end_position                   BIGINT,
  reference_allele               VARCHAR,
  tumor_seq_allele               VARCHAR,   -- the API's variantAllele
  protein_change                 VARCHAR,
  mutation_type                  VARCHAR,   -- Variant_Classification
  ncbi_build                     VARCHAR,
  variant_type                   VARCHAR,
  refseq_mrna_id                 VARCHAR,
  protein_pos_start              INTEGER,
  protein_pos_end                INTEGER,
  keyword                        VARCHAR,
  strand                         VARCHAR,
  db_snp_rs                      VARCHAR,
  db_snp_val_status              VARCHAR,
  matched_norm_sample_barcode    VARCHAR,
  match_norm_seq_allele1         VARCHAR,
  match_norm_seq_allele2         VARCHAR,
  tumor_validation_allele1       VARCHAR,
  tumor_validation_allele2       VARCHAR,
  match_norm_validation_allele1  VARCHAR,
  match_norm_validation_allele2  VARCHAR,
  verification_status            VARCHAR,
  sequencing_phase               VARCHAR,
  sequence_source                VARCHAR,
  validation_method              VARCHAR,
  score                          VARCHAR,
  bam_file                       VARCHAR,
  sequencer                      VARCHAR,
  codon_change                   VARCHAR,
  uniprot_accession              VARCHAR,
  driver_filter                  VARCHAR,
  driver_filter_annotation       VARCHAR,
  driver_tiers_filter            VARCHAR,
  driver_tiers_filter_annotation VARCHAR,
  namespace_columns              JSON,
  -- alleleSpecificCopyNumber (ASCN namespace)
  ascn_integer_copy_number       INTEGER,
  ascn_method                    VARCHAR,
  ccf_expected_copies_upper      DOUBLE,
  ccf_expected_copies            DOUBLE,
  clonal                         VARCHAR,
  minor_copy_number              INTEGER,
  expected_alt_copies            INTEGER,
  total_copy_number              INTEGER
);

-- Discrete CNA events: cells equal to 2 or -2 (-1.5 counts as -2) of the shown CNA profile.
CREATE TABLE IF NOT EXISTS cna_event (
  study_key                      INTEGER NOT NULL,
  profile_key                    INTEGER NOT NULL,
  sample_key                     INTEGER NOT NULL,
  entrez_gene_id                 INTEGER NOT NULL,
  alteration                     TINYINT NOT NULL,  -- -2 or 2
  driver_filter                  VARCHAR,
  driver_filter_annotation       VARCHAR,
  driver_tiers_filter            VARCHAR,
  driver_tiers_filter_annotation VARCHAR,
  namespace_columns              JSON
);

CREATE TABLE IF NOT EXISTS structural_variant (
  study_key                      INTEGER NOT NULL,
  profile_key                    INTEGER NOT NULL,
  sample_key                     INTEGER NOT NULL,
  site1_entrez_gene_id           INTEGER,          -- NULL when the site's gene did not resolve
  site1_ensembl_transcript_id    VARCHAR,
  site1_chromosome               VARCHAR,
  site1_region                   VARCHAR,
  site1_region_number            INTEGER,
  site1_contig                   VARCHAR,
  site1_position                 INTEGER,
  site1_description              VARCHAR,
  site2_entrez_gene_id           INTEGER,
  site2_ensembl_transcript_id    VARCHAR,
  site2_chromosome               VARCHAR,
  site2_region                   VARCHAR,
  site2_region_number            INTEGER,
  site2_contig                   VARCHAR,
  site2_position                 INTEGER,
  site2_description              VARCHAR,
  site2_effect_on_frame          VARCHAR,
  ncbi_build                     VARCHAR,
  dna_support                    VARCHAR,
  rna_support                    VARCHAR,
  normal_read_count              INTEGER,
  tumor_read_count               INTEGER,
  normal_variant_count           INTEGER,
  tumor_variant_count            INTEGER,
  normal_paired_end_read_count   INTEGER,
  tumor_paired_end_read_count    INTEGER,
  normal_split_read_count        INTEGER,
  tumor_split_read_count         INTEGER,
  annotation                     VARCHAR,
  breakpoint_type                VARCHAR,
  connection_type                VARCHAR,
  event_info                     VARCHAR,
  class                          VARCHAR,
  length                         INTEGER,
  comments                       VARCHAR,
  sv_status                      VARCHAR,
  driver_filter                  VARCHAR,
  driver_filter_annotation       VARCHAR,
  driver_tiers_filter            VARCHAR,
  driver_tiers_filter_annotation VARCHAR,
  namespace_columns              JSON
);

CREATE TABLE IF NOT EXISTS copy_number_seg (
  study_key        INTEGER NOT NULL,
  sample_key       INTEGER NOT NULL,
  chr              VARCHAR NOT NULL,        -- as written (X stays X)
  start_position   BIGINT NOT NULL,
  end_position     BIGINT NOT NULL,
  num_probes       INTEGER NOT NULL,
  segment_mean     DOUBLE NOT NULL
);

CREATE TABLE IF NOT EXISTS copy_number_seg_file (
  study_key           INTEGER NOT NULL,
  reference_genome_id VARCHAR NOT NULL,
  description         VARCHAR,
  filename            VARCHAR
);

-- ─── Matrix data (one row per cell; long form so any subset is a vectorised scan) ────────
-- value keeps the trimmed text of the cell ('NA' and '' included), as the API returns it; number
-- is that text as a DOUBLE when it is a decimal number (NUMERIC_VALUE_PATTERN), else NULL, parsed
-- once at load so that statistics over whole profiles scan numbers, not text.
-- A long-format CNA file stores only the cells it gives: an absent cell means empty.

CREATE TABLE IF NOT EXISTS gene_value (
  study_key      INTEGER NOT NULL,
  profile_key    INTEGER NOT NULL,
  entrez_gene_id INTEGER NOT NULL,
  sample_key     INTEGER NOT NULL,
  value          VARCHAR NOT NULL,
  number         DOUBLE
);

CREATE TABLE IF NOT EXISTS geneset_value (
  study_key   INTEGER NOT NULL,
  profile_key INTEGER NOT NULL,
  geneset_key INTEGER NOT NULL,
  sample_key  INTEGER NOT NULL,
  value       VARCHAR NOT NULL
);

-- Patient-level profiles are copied to every sample of the patient (study-format 17.4).
CREATE TABLE IF NOT EXISTS generic_assay_value (
  study_key   INTEGER NOT NULL,
  profile_key INTEGER NOT NULL,
  entity_key  INTEGER NOT NULL,
  sample_key  INTEGER NOT NULL,
  value       VARCHAR NOT NULL
);

-- ─── Study-level analyses ─────────────────────────────────────────────────────────────────

CREATE TABLE IF NOT EXISTS gistic (
  gistic_key      INTEGER PRIMARY KEY,
  study_key       INTEGER NOT NULL,
  chromosome      INTEGER NOT NULL,        -- X = 23, Y = 24
  cytoband        VARCHAR NOT NULL,
  wide_peak_start BIGINT NOT NULL,
  wide_peak_end   BIGINT NOT NULL,
  q_value         DOUBLE NOT NULL,
  amp             BOOLEAN NOT NULL
);

CREATE TABLE IF NOT EXISTS gistic_gene (
  study_key      INTEGER NOT NULL,
  gistic_key     INTEGER NOT NULL,
  entrez_gene_id INTEGER NOT NULL
);

CREATE TABLE IF NOT EXISTS mutsig (
  study_key          INTEGER NOT NULL,
  entrez_gene_id     INTEGER NOT NULL,
  rank               INTEGER NOT NULL,
  num_bases_covered  INTEGER,
  num_mutations      INTEGER,
  p_value            DOUBLE,
  q_value            DOUBLE
);

-- ─── Resources ────────────────────────────────────────────────────────────────────────────

CREATE TABLE IF NOT EXISTS resource_definition (
  study_key       INTEGER NOT NULL,
  resource_id     VARCHAR NOT NULL,        -- upper case
  display_name    VARCHAR NOT NULL,
  description     VARCHAR,
  resource_type   VARCHAR NOT NULL,        -- SAMPLE | PATIENT | STUDY
  open_by_default BOOLEAN NOT NULL,
  priority        INTEGER NOT NULL,
  custom_metadata VARCHAR
);

-- One table for the three kinds of resource rows; the key columns unused by a kind are NULL.
CREATE TABLE IF NOT EXISTS resource_data (
  study_key     INTEGER NOT NULL,
  resource_type VARCHAR NOT NULL,          -- SAMPLE | PATIENT | STUDY
  patient_key   INTEGER,
  sample_key    INTEGER,
  resource_id   VARCHAR NOT NULL,
  url           VARCHAR NOT NULL
);

-- ─── Derived tables (loaders/derive.ts rebuilds a study's rows after each load) ───────────

-- One row per genomic event for the Study View queries (study-view.md 2.4): mutations,
-- CNA events, and one row per distinct gene of each structural variant.
CREATE TABLE IF NOT EXISTS genomic_event (
  study_key           INTEGER NOT NULL,
  sample_key          INTEGER NOT NULL,
  patient_key         INTEGER NOT NULL,
  profile_key         INTEGER NOT NULL,
  entrez_gene_id      INTEGER NOT NULL,
  variant_type        VARCHAR NOT NULL,     -- mutation | cna | structural_variant
  mutation_type       VARCHAR NOT NULL,     -- 'NA' for non-mutations
  status              VARCHAR NOT NULL,     -- mutation / SV status, 'NA' for CNA
  driver_filter       VARCHAR,
  driver_tiers_filter VARCHAR,
  cna_alteration      TINYINT,              -- -2 or 2 for CNA rows
  off_panel           BOOLEAN NOT NULL      -- gene not on the sample's panel for the profile
);

-- Pre-deduplicated (sample, gene, kind): the basis of mutated/CNA/SV gene counts.
CREATE TABLE IF NOT EXISTS sample_gene_alteration (
  study_key      INTEGER NOT NULL,
  sample_key     INTEGER NOT NULL,
  patient_key    INTEGER NOT NULL,
  entrez_gene_id INTEGER NOT NULL,
  variant_type   VARCHAR NOT NULL,
  cna_alteration TINYINT,                   -- per CNA direction; NULL for the other kinds
  event_count    INTEGER NOT NULL
);

-- ─── Macros ───────────────────────────────────────────────────────────────────────────────

-- cBioPortal's uniqueSampleKey / uniquePatientKey (api.md 1.6): base64 of "<id>:<studyId>",
-- standard alphabet, padding removed; engine/keys.ts is the same in TypeScript.
CREATE MACRO IF NOT EXISTS unique_key(id, study_id) AS rtrim(to_base64(encode(coalesce(id, 'null') || ':' || coalesce(study_id, 'null'))), '=');
