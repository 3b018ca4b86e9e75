// Deleting a study removes every row it owns and nothing else; re-loading a study replaces it.
import { describe, expect, it } from 'vitest';
import { sql } from '../../engine/sql/sql.js';
import { deleteStudyRows } from '../../loaders/store/delete-study.js';
import { storeFingerprint } from '../helpers/fingerprint.js';
import { loadTestStudy, openReferenceStore } from '../helpers/store.js';

describe('delete and re-load', () => {
  it('deleting a study leaves the store as if it had never been loaded', async () => {
    const store = await openReferenceStore();
    await loadTestStudy(store, 'study_hg38');
    const before = await storeFingerprint(store.db);
    await loadTestStudy(store, 'ascn-test-study');
    const key = (await store.db.one<{ study_key: number }>(sql`SELECT study_key FROM cancer_study WHERE study_id = 'ascn_test_study'`))!.study_key;
    await store.db.transaction(() => deleteStudyRows(store.db, key));
    expect(await storeFingerprint(store.db)).toEqual(before);
  });

  it('re-loading a study replaces it: same content, same study key', async () => {
    const store = await openReferenceStore();
    await loadTestStudy(store, 'genepanel_test_study');
    const first = await storeFingerprint(store.db);
    await loadTestStudy(store, 'genepanel_test_study');
    const second = await storeFingerprint(store.db);
    // Everything but the import date and the freshly allocated keys of the same rows is equal:
    // compare the row counts per table.
    const counts = (f: Record<string, string>) => Object.fromEntries(Object.entries(f).map(([t, v]) => [t, v.split(':')[0]]));
    expect(counts(second)).toEqual(counts(first));
    expect(await store.db.all(sql`SELECT study_key, study_id FROM cancer_study`)).toEqual([{ study_key: 1, study_id: 'teststudy_genepanels' }]);
  });
});
