// A study whose files are bad fails with the file and line named, and the store keeps exactly
// the content it had: the other studies still answer the same, the old copy of the study too.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../engine/sql/db.js';
import type { GeneResolver } from '../../loaders/genes/gene-resolver.js';
import { loadStudy } from '../../loaders/load-study.js';
import { storeFingerprint } from '../helpers/fingerprint.js';
import { loadTestStudy, openReferenceStore } from '../helpers/store.js';
import { copyStudy, replaceLine } from '../helpers/study-copy.js';

let store: { db: Db; genes: GeneResolver };
let before: Record<string, string>;

beforeAll(async () => {
  store = await openReferenceStore();
  await loadTestStudy(store, 'study_es_0');
  await loadTestStudy(store, 'study_hg38');
  before = await storeFingerprint(store.db);
});

async function expectFailure(dir: string, message: RegExp): Promise<void> {
  await expect(loadStudy(store.db, store.genes, dir)).rejects.toThrow(message);
  expect(await storeFingerprint(store.db)).toEqual(before);
}

const cells = (line: string) => line.split('\t');

describe('a failed re-load of study_es_0 changes nothing', () => {
  it('bad clinical header: a datatype that is not STRING, NUMBER or BOOLEAN', async () => {
    // Line 3 of data_clinical_samples.txt holds the datatypes.
    const dir = copyStudy('study_es_0', { edit: { 'data_clinical_samples.txt': (t) => replaceLine(t, 3, () => '#STRING\tSTRING\tTEXT') } });
    await expectFailure(dir, /data_clinical_samples\.txt:3 \(column SUBTYPE\): datatype must be STRING, NUMBER or BOOLEAN/);
  });

  it('a non-numeric value in a NUMBER column', async () => {
    // Line 8 is the third patient (TCGA-A2-A0CM); column 3 is OS_MONTHS.
    const dir = copyStudy('study_es_0', {
      edit: { 'data_clinical_patients.txt': (t) => replaceLine(t, 8, (l) => cells(l).map((c, i) => (i === 2 ? 'twelve' : c)).join('\t')) },
    });
    await expectFailure(dir, /data_clinical_patients\.txt:8 \(column OS_MONTHS\): value 'twelve' is not a number/);
  });

  it('a MAF sample missing from the clinical sample file', async () => {
    // Line 3 of the MAF is its first mutation; column 16 is Tumor_Sample_Barcode.
    const dir = copyStudy('study_es_0', {
      edit: { 'data_mutations_extended.maf': (t) => replaceLine(t, 3, (l) => cells(l).map((c, i) => (i === 15 ? 'NOT-A-SAMPLE' : c)).join('\t')) },
    });
    await expectFailure(dir, /data_mutations_extended\.maf:3.*NOT-A-SAMPLE/);
  });

  it('a truncated MAF row', async () => {
    // Line 4 cut after its 20th field (the header has 168).
    const dir = copyStudy('study_es_0', {
      edit: { 'data_mutations_extended.maf': (t) => replaceLine(t, 4, (l) => cells(l).slice(0, 20).join('\t')) },
    });
    await expectFailure(dir, /data_mutations_extended\.maf:4.*expected 168 fields, found 20/);
  });
});
