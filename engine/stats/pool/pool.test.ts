// Expected value: numpy.corrcoef([1,2,3,4],[2,4,6,8.5])[0,1].
import { tmpdir } from 'node:os';
import { afterAll, describe, expect, it } from 'vitest';
import { createStatsPool } from './pool.js';

describe('statistics worker pool', () => {
  const pool = createStatsPool({ threads: 1 });
  afterAll(() => pool.close());

  it('runs a named task in a worker thread and returns its result', async () => {
    expect(await pool.run('correlation', { x: [1, 2, 3, 4], y: [2, 4, 6, 8.5] })).toBeCloseTo(0.9983814394570, 12);
  });

  it('rejects an unknown task', async () => {
    await expect(pool.run('nope' as never, {} as never)).rejects.toThrow(/unknown statistics task/);
  });

  it('starts its workers from any working directory (the server may run outside the project)', async () => {
    const cwd = process.cwd();
    process.chdir(tmpdir());
    const elsewhere = createStatsPool({ threads: 1 });
    try {
      expect(await elsewhere.run('correlation', { x: [1, 2, 3], y: [3, 2, 1] })).toBeCloseTo(-1, 12);
    } finally {
      process.chdir(cwd);
      await elsewhere.close();
    }
  });
});
