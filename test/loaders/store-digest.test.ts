// The shared studies load to exactly the rows they loaded to when the expected digest was written
// (row count and content hash per table, bench/store-digest.ts): a change of any stored value, key
// or row shows as the table that differs. After a change meant to alter what is stored, rewrite the
// expected file and review its diff:
//   DUCKPORTAL_UPDATE_DIGEST=1 npx vitest run test/loaders/store-digest.test.ts
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { storeDigest } from '../../bench/store-digest.js';
import { loadTestStudy, openReferenceStore } from '../helpers/store.js';

const EXPECTED = join(import.meta.dirname, '../golden/store-digest/shared-studies.json');

it('loads every shared study, and study_es_0_inc over study_es_0, to the expected rows', async () => {
  const store = await openReferenceStore();
  // The order of shared-studies.test.ts (study_es_0 before genepanel_test_study), then the incremental data.
  for (const name of ['study_es_0', 'genepanel_test_study', 'ascn-test-study', 'study_hg38', 'lgg_ucsf_2014_test_generic_assay', 'study_es_0_inc']) {
    await loadTestStudy(store, name);
  }
  const digest = await storeDigest(store.db);
  store.db.close();
  if (process.env.DUCKPORTAL_UPDATE_DIGEST === '1') writeFileSync(EXPECTED, `${JSON.stringify(digest, null, 2)}\n`);
  expect(digest).toEqual(JSON.parse(readFileSync(EXPECTED, 'utf8')));
}, 120_000);
