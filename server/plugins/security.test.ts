import { describe, expect, it } from 'vitest';
import { uniqueKey } from '../../engine/keys.js';
import type { StudyCatalog } from '../../engine/resident/study-catalog.js';
import type { StateSnapshot, VirtualStudyRow } from '../../engine/state/state-store.js';
import { requestReferences } from '../security/request-references.js';
import { StudyAccess } from '../security/study-access.js';
import { allReadable } from './security.js';

const catalog: StudyCatalog = {
  studies: new Map([['a', 'PUBLIC'], ['b', 'LAB'], ['c', '']]),
  profiles: new Map([['a_mutations', 'a'], ['b_mutations', 'b']]),
  sampleLists: new Map([['a_all', 'a'], ['b_all', 'b']]),
};
const virtual = (id: string, data: Record<string, unknown>): [string, VirtualStudyRow] => [id, { id, owner: 'x', data, published: false, created: 0 } as VirtualStudyRow];
const state: StateSnapshot = {
  authorities: new Map(), tokens: new Map(),
  virtualStudies: new Map([
    virtual('v_a', { studies: [{ id: 'a', samples: ['s1'] }] }),
    virtual('v_ab', { studies: [{ id: 'a', samples: ['s1'] }, { id: 'b', samples: ['s2'] }] }),
    virtual('v_dynamic_b', { dynamic: true, studies: [], studyViewFilter: { studyIds: ['b'] } }),
    virtual('v_gone', { studies: [{ id: 'deleted_study', samples: ['s1'] }] }),
    virtual('v_empty', { studies: [] }),
  ]),
};
const settings = { appName: 'cbioportal', filterGroupsByAppName: true, alwaysShowStudyGroup: undefined };
const alice = StudyAccess.of(['cbioportal:a'], settings);
const readable = (request: object, access = alice) => allReadable(requestReferences([request]), access, catalog, state);

describe('allReadable (the permission check of every request)', () => {
  it('needs every named study to exist and be readable', () => {
    expect(readable({ studyIds: ['a'] })).toBe(true);
    expect(readable({ studyIds: ['a', 'b'] })).toBe(false);
    expect(readable({ studyId: 'no_such_study' })).toBe(false);
    expect(readable({ studyIds: ['b'] }, StudyAccess.of(['cbioportal:lab'], settings))).toBe(true);
  });

  it('reads a profile or sample list as the study it belongs to; an unknown one is refused', () => {
    expect(readable({ molecularProfileIds: ['a_mutations'], caseLists: [['a_all']] })).toBe(true);
    expect(readable({ molecularProfileIds: ['a_mutations', 'b_mutations'] })).toBe(false);
    expect(readable({ caseLists: [['a_all'], ['b_all']] })).toBe(false);
    expect(readable({ molecularProfileId: 'no_such_profile' })).toBe(false);
    expect(readable({ sampleListId: 'no_such_list' })).toBe(false);
  });

  it('reads a virtual study as every study it is built from', () => {
    expect(readable({ studyId: 'v_a' })).toBe(true);
    expect(readable({ studyIds: ['v_ab'] })).toBe(false);
    expect(readable({ studyIds: ['v_dynamic_b'] })).toBe(false);
    expect(readable({ studyIds: ['v_gone'] }, StudyAccess.of(['cbioportal:ALL'], settings))).toBe(false);
    expect(readable({ studyIds: ['v_empty'] }, StudyAccess.of(['cbioportal:ALL'], settings))).toBe(false);
  });

  it('finds the study of a unique key', () => {
    expect(readable({ uniqueSampleKeys: [uniqueKey('s1', 'a')] })).toBe(true);
    expect(readable({ uniqueSampleKeys: [uniqueKey('s1', 'a'), uniqueKey('s2', 'b')] })).toBe(false);
    expect(readable({ uniquePatientKeys: [uniqueKey('p2', 'c')] })).toBe(false);
  });
});
