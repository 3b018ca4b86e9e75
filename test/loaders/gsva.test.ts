// study_es_0's GSVA scores and p-values over the gene sets of shared/studies/genesets.
// The GSVA files need their source expression profile, so the GSVA loader is driven directly on a
// context holding study_es_0's clinical data and the `mrna` profile record.
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../engine/sql/db.js';
import { sql } from '../../engine/sql/sql.js';
import { StudyContext } from '../../loaders/context.js';
import { Warnings } from '../../loaders/errors.js';
import { loadGsva } from '../../loaders/formats/gsva.js';
import type { GeneResolver } from '../../loaders/genes/gene-resolver.js';
import { loadStudy } from '../../loaders/load-study.js';
import { importGenesets } from '../../loaders/reference/genesets-import.js';
import { createProfile } from '../../loaders/store/profiles.js';
import { restoreStudyContext } from '../../loaders/store/restore-context.js';
import { readStudyDir } from '../../loaders/study-dir.js';
import { countRows, openReferenceStore, STUDIES, studyDir } from '../helpers/store.js';
import { copyStudy } from '../helpers/study-copy.js';

let store: { db: Db; genes: GeneResolver };
const GENESETS = join(STUDIES, 'genesets');
const CLINICAL = ['meta_study.txt', 'meta_cancer_type.txt', 'meta_clinical_samples.txt', 'meta_clinical_patients.txt'];

/** Loads study_es_0's GSVA files the way load-study would, after registering the `mrna` profile. */
async function loadEs0Gsva(): Promise<StudyContext> {
  const study = await store.db.one<{ study_key: number }>(sql`SELECT study_key FROM cancer_study WHERE study_id = 'study_es_0'`);
  const ctx = new StudyContext(store.db, store.genes, new Warnings(), { key: study!.study_key, id: 'study_es_0', referenceGenome: 'hg19' }, false);
  await restoreStudyContext(ctx);
  const metas = readStudyDir(studyDir('study_es_0')).metas;
  const meta = (kind: string, stableId: string) => metas.find((m) => m.kind === kind && m.values.get('stable_id') === stableId)!;
  await store.db.transaction(async () => {
    await createProfile(ctx, meta('expression', 'mrna'));
    await loadGsva(ctx, meta('gsva-score', 'gsva_scores'));
    await loadGsva(ctx, meta('gsva-pvalue', 'gsva_pvalues'));
  });
  return ctx;
}

beforeAll(async () => {
  store = await openReferenceStore({ genesets: false });
});

describe('GSVA without gene sets', () => {
  it('is refused while no gene sets are loaded', async () => {
    const dir = copyStudy('study_es_0', { keepMetas: [...CLINICAL, 'meta_gsva_scores.txt'] });
    await expect(loadStudy(store.db, store.genes, dir)).rejects.toThrow(/meta_gsva_scores\.txt: no gene sets are loaded/);
  });
});

describe('GSVA data of study_es_0', () => {
  let ctx: StudyContext;
  beforeAll(async () => {
    await importGenesets(store.db, GENESETS);
    await loadStudy(store.db, store.genes, copyStudy('study_es_0', { keepMetas: CLINICAL }));
    ctx = await loadEs0Gsva();
  });

  it('stores every score and p-value', async () => {
    // data_gsva_scores.txt and data_gsva_pvalues.txt: 7 gene sets × 5 samples each.
    expect(await countRows(store.db, 'geneset_value', 'study_es_0')).toBe(70);
    const value = await store.db.one(sql`SELECT v.value FROM geneset_value v JOIN geneset g USING (geneset_key) JOIN sample s USING (sample_key)
      JOIN molecular_profile p USING (profile_key) WHERE p.stable_id = 'study_es_0_gsva_scores' AND g.geneset_id = 'GO_ACYLGLYCEROL_HOMEOSTASIS' AND s.sample_id = 'TCGA-A2-A04U-01'`);
    expect(value).toEqual({ value: '-0.503435483643209' });
  });

  it('hides the p-value profile and links both to their sources', async () => {
    const profiles = await store.db.all(sql`SELECT stable_id, show_profile_in_analysis_tab, source_stable_id, geneset_def_version FROM molecular_profile
      WHERE genetic_alteration_type = 'GENESET_SCORE' ORDER BY stable_id`);
    expect(profiles).toEqual([
      { stable_id: 'study_es_0_gsva_pvalues', show_profile_in_analysis_tab: false, source_stable_id: 'study_es_0_gsva_scores', geneset_def_version: 'msigdb_7.5.1' },
      { stable_id: 'study_es_0_gsva_scores', show_profile_in_analysis_tab: true, source_stable_id: 'study_es_0_mrna', geneset_def_version: 'msigdb_7.5.1' },
    ]);
    const scores = ctx.profiles.get('study_es_0_gsva_scores')!;
    expect(ctx.profiled.get(scores.profileKey)?.size).toBe(5);
  });

  it('a new gene-set version drops the GSVA data', async () => {
    await importGenesets(store.db, GENESETS, { version: 'msigdb_2099' });
    expect(await countRows(store.db, 'geneset_value', 'study_es_0')).toBe(0);
  });

  it('refuses GSVA files of another gene-set version', async () => {
    const dir = copyStudy('study_es_0', { keepMetas: [...CLINICAL, 'meta_gsva_scores.txt'] });
    await expect(loadStudy(store.db, store.genes, dir)).rejects.toThrow(
      /meta_gsva_scores\.txt:10: geneset_def_version 'msigdb_7\.5\.1' differs from the loaded gene-set version 'msigdb_2099'/,
    );
  });
});
