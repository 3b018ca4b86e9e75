import { describe, expect, it } from 'vitest';
import { uniqueKey } from '../../engine/keys.js';
import { requestReferences } from './request-references.js';

const sorted = (refs: ReturnType<typeof requestReferences>) => ({
  studies: [...refs.studies].sort(), profiles: [...refs.profiles].sort(), sampleLists: [...refs.sampleLists].sort(),
});

describe('requestReferences', () => {
  it('finds ids at any depth of params, query and body', () => {
    const refs = requestReferences([
      { studyId: 'p_study' },
      { molecularProfileId: 'q_profile', sampleListId: 'q_list' },
      {
        studyIds: ['s1'], sampleIdentifiers: [{ studyId: 's2', sampleId: 'x' }], caseLists: [['l1', 'l2']],
        geneFilters: [{ molecularProfileIds: ['m1'] }], groups: [{ molecularProfileCaseIdentifiers: [{ molecularProfileId: 'm2', caseId: 'c' }] }],
        uniqueSampleKeys: [uniqueKey('s', 'u1'), 'not base64 ::'], molecularProfileIdA: 'a', molecularProfileIdB: 'b',
      },
    ]);
    expect(sorted(refs)).toEqual({
      studies: ['p_study', 's1', 's2', 'u1'], profiles: ['a', 'b', 'm1', 'm2', 'q_profile'], sampleLists: ['l1', 'l2', 'q_list'],
    });
  });

  it('reads a bare id list by the kind of its route', () => {
    expect(sorted(requestReferences([{}, {}], { body: ['x', 'y'], kind: 'sampleLists' })).sampleLists).toEqual(['x', 'y']);
  });

  it('ignores other fields and object prototype names', () => {
    const body = JSON.parse('{"constructor": ["x"], "toString": "y", "entrezGeneIds": [1], "name": "studyId"}');
    expect(sorted(requestReferences([body]))).toEqual({ studies: [], profiles: [], sampleLists: [] });
  });
});
