import { describe, expect, it } from 'vitest';
import { StudyAccess } from './study-access.js';

const settings = { appName: 'cbioportal', filterGroupsByAppName: true, alwaysShowStudyGroup: undefined as string | undefined };
const can = (authorities: string[], studyId: string, groups = '', extra: Partial<typeof settings> = {}) =>
  StudyAccess.of(authorities, { ...settings, ...extra }).canRead({ studyId, groups });

describe('StudyAccess (cBioPortal permission evaluator rules)', () => {
  it('grants a study by its id, case-insensitively, under the app name prefix', () => {
    expect(can(['cbioportal:study_es_0'], 'study_es_0')).toBe(true);
    expect(can(['CBIOPORTAL:STUDY_ES_0'], 'study_es_0')).toBe(true);
    expect(can(['ROLE_cbioportal:study_es_0'], 'study_es_0')).toBe(true);
    expect(can(['cbioportal:study_es_0'], 'study_hg38')).toBe(false);
    expect(can(['otherapp:study_es_0'], 'study_es_0')).toBe(false);
    expect(can(['study_es_0'], 'study_es_0')).toBe(false);
  });

  it('reads authorities without prefix when filter_groups_by_appname is false', () => {
    expect(can(['study_es_0'], 'study_es_0', '', { filterGroupsByAppName: false })).toBe(true);
    expect(can(['cbioportal:study_es_0'], 'study_es_0', '', { filterGroupsByAppName: false })).toBe(false);
  });

  it('knows ALL, ALL_TCGA and ALL_NCI_TARGET', () => {
    expect(can(['cbioportal:ALL'], 'anything')).toBe(true);
    expect(can(['cbioportal:ALL_TCGA'], 'brca_tcga')).toBe(true);
    expect(can(['cbioportal:ALL_TCGA'], 'brca_tcga_pan_can_atlas_2018')).toBe(false);
    expect(can(['cbioportal:ALL_NCI_TARGET'], 'aml_target')).toBe(true);
    expect(can(['cbioportal:ALL_NCI_TARGET'], 'all_target_phase2')).toBe(true);
    expect(can(['cbioportal:ALL_NCI_TARGET'], 'brca_tcga')).toBe(false);
  });

  it('grants by the study groups and the always-shown group', () => {
    expect(can(['cbioportal:LAB1'], 's', 'PUBLIC;LAB1')).toBe(true);
    expect(can(['cbioportal:LAB2'], 's', 'PUBLIC;LAB1')).toBe(false);
    expect(can([], 's', 'PUBLIC', { alwaysShowStudyGroup: 'public' })).toBe(true);
    expect(can([], 's', '', { alwaysShowStudyGroup: 'PUBLIC' })).toBe(false);
    // Empty groups never match an empty authority.
    expect(can(['cbioportal:'], 's', ';')).toBe(false);
  });

  it('is unrestricted on login-free instances', () => {
    expect(StudyAccess.EVERYTHING.restricted).toBe(false);
    expect(StudyAccess.EVERYTHING.canRead({ studyId: 'x', groups: '' })).toBe(true);
    expect(StudyAccess.of([], settings).restricted).toBe(true);
  });
});
