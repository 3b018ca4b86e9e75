// The application.properties entries cBioPortal publishes to its web front end (its
// FrontendPropertiesServiceImpl list): each under the property's name with dots made underscores
// (`skin.show_about_tab` → `skin_show_about_tab`), unset ones as null. Properties outside this list
// are not published; `frontend.config` (frontend-config.ts) carries any others.

/** Published as they are written; null when unset. */
export const PLAIN_FRONTEND_PROPERTIES = [
  'analytics_report_url', 'app.version', 'bitly.access.token', 'bitly.api_key', 'bitly.user', 'civic.url',
  'clinical_attribute_product_limit', 'comparison.categorical_na_values',
  'datadog_rum_application_id', 'datadog_rum_client_token', 'datadog_rum_env', 'datadog_rum_session_replay_sample_rate',
  'datadog_rum_session_sample_rate', 'datadog_rum_site',
  'default_cross_cancer_study_list', 'default_cross_cancer_study_list_name', 'default_cross_cancer_study_session_id',
  'digitalslidearchive.iframe.url', 'digitalslidearchive.meta.url', 'disabled_tabs',
  'enable_persistent_cache', 'enable_study_tags', 'enable_treatment_groups', 'ensembl.transcript_url',
  'generic_assay_display_text', 'genomenexus.isoform_override_source', 'genomenexus.url', 'genomenexus.url.grch38',
  'google_analytics_profile_id', 'google_tag_manager_id', 'installation_map_url',
  'mdacc.heatmap.meta.url', 'mdacc.heatmap.patient.url', 'mdacc.heatmap.study.meta.url', 'mdacc.heatmap.study.url',
  'oncokb.merge_icons_by_default', 'oncokb.public_api.url', 'oncoprint.clustered.default',
  'oncoprint.custom_driver_annotation.binary.default', 'oncoprint.custom_driver_annotation.binary.menu_description',
  'oncoprint.custom_driver_annotation.binary.menu_label', 'oncoprint.custom_driver_annotation.tiers.default',
  'oncoprint.custom_driver_annotation.tiers.menu_description', 'oncoprint.custom_driver_annotation.tiers.menu_label',
  'oncoprint.defaultview', 'oncoprint.hide_vus.default', 'oncoprint.hotspots.default', 'oncoprint.oncokb.default',
  'patient_view.use_legacy_timeline', 'priority_studies', 'query_product_limit', 'quick_search.enabled',
  'saml.idp.metadata.entityid', 'saml.logout.local', 'session.url_length_threshold',
  'show.cbioportal', 'show.genomenexus.annotation_sources', 'show.mdacc.heatmap',
  // sic: cBioPortal publishes this misspelt name.
  'show.mutation_mappert_tool.grch38', 'show.ndex', 'show.transcript_dropdown',
  'skin.authorization_message', 'skin.blurb', 'skin.citation_rule_text', 'skin.custom_header_tabs',
  'skin.data_sets_footer', 'skin.data_sets_header', 'skin.description', 'skin.documentation.about',
  'skin.documentation.baseurl', 'skin.documentation.faq', 'skin.documentation.markdown', 'skin.documentation.news',
  'skin.documentation.oql', 'skin.email_contact', 'skin.example_study_queries', 'skin.examples_right_column_html',
  'skin.footer', 'skin.footer_show_dev', 'skin.geneset_hierarchy.collapse_by_default',
  'skin.geneset_hierarchy.default_gsva_score', 'skin.geneset_hierarchy.default_p_value', 'skin.hide_logout_button',
  'skin.home_page.show_reference_genome', 'skin.home_page.show_unauthorized_studies',
  'skin.home_page.unauthorized_studies_global_message', 'skin.left_logo', 'skin.login.contact_html',
  'skin.login.saml.registration_html', 'skin.mutation_table.namespace_column.show_by_default',
  'skin.patient_view.copy_number_table.columns.show_on_init', 'skin.patient_view.mutation_table.columns.show_on_init',
  'skin.patient_view.structural_variant_table.columns.show_on_init', 'skin.patient_view.tables.default_sort_column',
  'skin.patientview.filter_genes_profiled_all_samples', 'skin.patientview.show_mskcc_slide_viewer',
  'skin.query.max_tree_depth', 'skin.quick_select_buttons', 'skin.results_view.mutation_table.columns.show_on_init',
  'skin.results_view.tables.default_sort_column', 'skin.right_logo', 'skin.right_nav.show_data_sets',
  'skin.right_nav.show_examples', 'skin.right_nav.show_testimonials', 'skin.right_nav.show_twitter',
  'skin.right_nav.show_whats_new', 'skin.right_nav.whats_new_blurb', 'skin.show_about_tab', 'skin.show_data_tab',
  'skin.show_faqs_tab', 'skin.show_gsva', 'skin.show_news_tab', 'skin.show_r_matlab_tab', 'skin.show_settings_menu',
  'skin.show_study_help_button', 'skin.show_tools_tab', 'skin.show_tutorials_tab', 'skin.show_tweet_button',
  'skin.show_web_api_tab', 'skin.study_view.show_sv_table', 'skin.survival_plot.clinical_event_types.show_on_init',
  'skin.title', 'studyview.max_samples_selected', 'survival.initial_x_axis_limit', 'survival.min_group_threshold',
  'survival.show_p_q_values_in_survival_type_table', 'vaf.log_scale.default', 'vaf.sequential_mode.default',
] as const;

/** Published as written, with a default when unset: cBioPortal's, except where duckportal's differs. */
export const DEFAULTED_FRONTEND_PROPERTIES: Readonly<Record<string, string>> = {
  'skin.hide_clinical_data_tab_study_view': 'false',
  'skin.show_donate_button': 'false',
  'skin.right_nav.show_web_tours': 'false',
  study_download_url: 'https://datahub.assets.cbioportal.org/',
  enable_cross_study_expression: '',
  'feature.study.export': 'false',
  // duckportal serves the Study View as cBioPortal's column store (ClickHouse) does, and inflates
  // gzip-encoded request bodies (cBioPortal: false and unset).
  clickhouse_mode: 'true',
  enable_request_body_gzip_compression: 'true',
  // Annotation services outside this server (OncoKB, CIViC, Genome Nexus and the hotspot and SIGNAL
  // annotations it serves) stay off until configured: the front end would call them from every
  // mutation table (cBioPortal leaves these unset, which the front end reads as on, CIViC aside).
  'show.oncokb': 'false',
  'show.civic': 'false',
  'show.genomenexus': 'false',
  'show.hotspot': 'false',
  'show.signal': 'false',
};

/** Files whose content (JSON, published on one line) the property names. */
export const FILE_FRONTEND_PROPERTIES: Readonly<Record<string, string>> = {
  'frontend.config': 'frontendConfigOverride',
  'querypage.setsofgenes.location': 'query_sets_of_genes',
  'skin.patient_view.custom_sample_type_colors_json': 'skin_patient_view_custom_sample_type_colors_json',
  'oncoprint.clinical_tracks.config_json': 'oncoprint_clinical_tracks_config_json',
  download_custom_buttons_json: 'download_custom_buttons_json',
};

/** The front end's name of a plain or defaulted property. */
export const frontendName = (property: string) => property.replace(/\./g, '_');
