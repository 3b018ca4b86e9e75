import { describe, expect, it } from 'vitest';
import { countRows, loadTestStudy, openReferenceStore } from '../helpers/store.js';

describe('smoke', () => {
  it('loads study_hg38 clinical data', async () => {
    const store = await openReferenceStore();
    const summary = await loadTestStudy(store, 'study_hg38').catch((e) => { throw e; });
    console.log(summary);
    expect(await countRows(store.db, 'sample', 'study_hg38')).toBe(1);
  });
});
