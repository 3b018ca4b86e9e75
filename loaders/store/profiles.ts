// Creates the molecular profile record of a meta file (study-format 5.3).
import { sql } from '../../engine/sql/sql.js';
import type { ProfileRef, StudyContext } from '../context.js';
import { LoadError } from '../errors.js';
import type { MetaFile } from '../study-dir.js';

/**
 * Registers the profile of `meta` and returns it. In an incremental load an existing profile
 * is reused as is (its name and description are not updated, study-format 24).
 */
export async function createProfile(ctx: StudyContext, meta: MetaFile): Promise<ProfileRef> {
  const v = meta.values;
  const stableId = ctx.profileId(v.get('stable_id') ?? '');
  const existing = ctx.profiles.get(stableId);
  if (existing) {
    if (ctx.incremental) return existing;
    throw new LoadError({ file: meta.path }, `stable_id '${v.get('stable_id')}' is used by two meta files`);
  }
  const gat = v.get('genetic_alteration_type') ?? '';
  const datatypeRaw = v.get('datatype') ?? '';
  const datatype = datatypeRaw === 'DISCRETE_LONG' ? 'DISCRETE' : datatypeRaw;
  const isGsvaPvalue = gat === 'GENESET_SCORE' && datatype === 'P-VALUE';
  const show = !isGsvaPvalue && v.get('show_profile_in_analysis_tab')?.toLowerCase() !== 'false';
  const pivot = v.get('pivot_threshold_value');
  const source = v.get('source_stable_id');
  const profileKey = await ctx.nextKey('molecular_profile', 'profile_key');
  await ctx.db.run(sql`
    INSERT INTO molecular_profile VALUES (
      ${profileKey}, ${ctx.study.key}, ${stableId}, ${gat}, ${datatype},
      ${v.get('profile_name') || gat}, ${(v.get('profile_description') || gat).replace(/\t/g, ' ')},
      ${show}, ${v.get('patient_level')?.toLowerCase() === 'true'},
      ${v.get('generic_assay_type') ?? null}, ${pivot ? Number(pivot) : null},
      ${v.get('value_sort_order') ?? null}, ${source ? ctx.profileId(source) : null},
      ${v.get('geneset_def_version') ?? null})`);
  const ref = { profileKey, stableId, meta };
  ctx.profiles.set(stableId, ref);
  return ref;
}

/** The panel key named by a meta file's `gene_panel` key, or null. */
export async function metaGenePanel(ctx: StudyContext, meta: MetaFile): Promise<number | null> {
  const panelId = meta.values.get('gene_panel');
  if (!panelId) return null;
  const row = await ctx.db.one<{ panel_key: number }>(sql`SELECT panel_key FROM gene_panel WHERE panel_id = ${panelId}`);
  if (!row) throw new LoadError({ file: meta.path }, `gene_panel '${panelId}' is not a loaded gene panel`);
  return row.panel_key;
}
