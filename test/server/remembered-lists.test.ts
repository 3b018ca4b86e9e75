// The byte budget of the long lists remembered across bodies (issue 21: three 49 MB bodies took
// RSS from 531 to 1,099 MB): beyond duckportal.remembered_lists.max_mb the least recently used
// list is dropped, a list larger than the budget is not kept, and the answers do not change.
// Expected answers: the study_es_0 sample ids each list names, read from the study file.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../engine/sql/db.js';
import { buildApp, closeResident, openResident, type Resident } from '../../server/app.js';
import { DEFAULT_LIMITS } from '../../server/config/limits.js';
import { RememberedLists } from '../../server/remembered-lists.js';
import { loadTestStudy, openReferenceStore, studyDir } from '../helpers/store.js';

const ES = 'study_es_0';

/** study_es_0's sample ids, from its clinical sample file. */
function sampleIds(): string[] {
  const lines = readFileSync(join(studyDir(ES), 'data_clinical_samples.txt'), 'utf8').split('\n').filter((l) => l && !l.startsWith('#'));
  const column = lines[0].split('\t').indexOf('SAMPLE_ID');
  return lines.slice(1).map((l) => l.split('\t')[column]);
}
const IDS = sampleIds();

/** A third of the study's samples (those at `part` modulo 3) among 6,000 identifiers, the others of no sample and long: a body over 1 MB. */
const listOf = (part: number) => {
  const real = IDS.filter((_, i) => i % 3 === part);
  const unknown = Array.from({ length: 6000 - real.length }, (_, i) => `unknown-${part}-${i}-`.padEnd(200, 'x'));
  return { real, body: { sampleIdentifiers: [...real, ...unknown].map((sampleId) => ({ studyId: ES, sampleId })) } };
};
const LISTS = [0, 1, 2].map(listOf);
/** What remembering one of them takes (the three are of one size, give or take a byte an id). */
const ONE = (() => {
  const lists = new RememberedLists(Infinity);
  const text = JSON.stringify(LISTS[0].body.sampleIdentifiers);
  lists.remember(Buffer.from(text), JSON.parse(text));
  return lists.bytes;
})();

let db: Db;
/** Shared by the apps of the file (one cohort cache per store). */
let resident: Resident;
const apps: FastifyInstance[] = [];
beforeAll(async () => {
  const store = await openReferenceStore();
  await loadTestStudy(store, ES);
  db = store.db;
  resident = await openResident(db);
}, 120_000);
afterAll(async () => {
  for (const app of apps) await app.close();
  if (resident) await closeResident(resident);
  db?.close();
});

const appWithin = async (rememberedListsMaxBytes: number) => {
  // No load shedding: building an app on this busy test process delays the event loop for seconds.
  const pressure = { maxEventLoopDelayMs: 0, maxHeapUsedBytes: 0 };
  const app = await buildApp({ db, resident, limits: { ...DEFAULT_LIMITS, rememberedListsMaxBytes, pressure } });
  apps.push(app);
  return app;
};
/** The sample ids filtered-samples answers for list `i`, sorted. */
const answer = async (app: FastifyInstance, i: number) => {
  const res = await app.inject({ method: 'POST', url: '/api/filtered-samples/fetch', payload: LISTS[i].body });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { sampleId: string }[]).map((s) => s.sampleId).sort();
};

describe('remembered lists within a byte budget', () => {
  it('has lists of over 1 MB of JSON holding a third of the study each', () => {
    expect(IDS.length).toBeGreaterThan(800);
    expect(JSON.stringify(LISTS[0].body).length).toBeGreaterThan(1 << 20);
    expect(ONE).toBeGreaterThan(JSON.stringify(LISTS[0].body).length);
  });

  it('drops the least recently used list beyond the budget, and answers an evicted list as before', async () => {
    const app = await appWithin(Math.floor(2.5 * ONE));
    const first = [];
    for (const i of [0, 1, 2]) {
      first.push(await answer(app, i));
      expect(first[i]).toEqual([...LISTS[i].real].sort());
    }
    // Two fit; the first was dropped for the third.
    expect(app.rememberedLists.size).toBe(2);
    expect(app.rememberedLists.bytes).toBeLessThanOrEqual(app.rememberedLists.maxBytes);
    for (const i of [0, 1, 2, 0, 2, 1]) expect(await answer(app, i)).toEqual(first[i]);
    expect(app.rememberedLists.size).toBe(2);
  });

  it('answers a list larger than the whole budget without keeping it', async () => {
    const app = await appWithin(Math.floor(ONE / 2));
    for (const i of [1, 1]) expect(await answer(app, i)).toEqual([...LISTS[i].real].sort());
    expect([app.rememberedLists.size, app.rememberedLists.bytes]).toEqual([0, 0]);
  });
});
