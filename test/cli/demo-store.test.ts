// What `npm start` serves: a demo study built from the project's own files only.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildDemoStore } from '../../cli/demo-store.js';
import { Db } from '../../engine/sql/db.js';
import { buildApp } from '../../server/app.js';

describe('the demo store of npm start', () => {
  it('generates, imports and loads the demo study, then serves it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'duckportal-demo-'));
    const dbPath = join(dir, 'demo.duckdb');
    const summary = await buildDemoStore(dbPath, { studyDir: join(dir, 'demo_study'), samples: 300, seed: 7 });
    expect(summary).toMatchObject({ studyId: 'demo_study', samples: 300, warnings: [] });
    const db = await Db.open(dbPath, { readOnly: true });
    const app = await buildApp({ db });
    expect((await app.inject('/api/health')).json()).toEqual({ status: 'UP' });
    const studies = (await app.inject('/api/studies')).json();
    expect(studies).toMatchObject([{ studyId: 'demo_study', cancerTypeId: 'brca', allSampleCount: 300 }]);
    await app.close();
    db.close();
  });
});
