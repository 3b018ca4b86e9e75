// alterationFilter predicates (study-view.md 3.15) on SQL text and on rows of a tiny event table.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Db } from '../sql/db.js';
import { sql } from '../sql/sql.js';
import { compileAlterationPredicate, readAlterationFilter, type AlterationFilter, type EventKind } from './alteration-filter.js';

let db: Db;
beforeAll(async () => {
  db = await Db.open(':memory:');
  // sample_key doubles as the row id.
  await db.exec(`INSERT INTO genomic_event VALUES
    (1, 1, 1, 1, 1, 'mutation', 'Missense_Mutation', 'Somatic', 'Putative_Driver', 'Tier 1', NULL, false),
    (1, 2, 1, 1, 1, 'mutation', 'Nonsense_Mutation', 'Germline', 'Putative_Passenger', NULL, NULL, false),
    (1, 3, 1, 1, 1, 'mutation', 'Splice_Site', 'NA', NULL, 'Tier 2', NULL, false),
    (1, 4, 1, 2, 1, 'cna', 'NA', 'NA', NULL, NULL, 2, false),
    (1, 5, 1, 2, 1, 'cna', 'NA', 'NA', 'Putative_Driver', NULL, -2, false)`);
});
afterAll(() => db.close());

const rows = async (f: AlterationFilter | undefined, kind: EventKind) =>
  (await db.all<{ k: number }>(sql`SELECT e.sample_key AS k FROM genomic_event e WHERE e.variant_type = ${kind} AND ${compileAlterationPredicate(f, kind)} ORDER BY 1`)).map((r) => r.k);

describe('compileAlterationPredicate', () => {
  it('the front end default restricts nothing', async () => {
    const f = { copyNumberAlterationEventTypes: { AMP: true, HOMDEL: true }, mutationEventTypes: { any: true }, tiersBooleanMap: {} };
    expect(compileAlterationPredicate(f, 'mutation').text).toBe('TRUE');
    expect(await rows(f, 'mutation')).toEqual([1, 2, 3]);
    expect(await rows(f, 'cna')).toEqual([4, 5]);
  });

  it('mutation types: listed true; `other` keeps all but the false ones; none true keeps nothing', async () => {
    expect(await rows({ mutationEventTypes: { missense_mutation: true, nonsense_mutation: false } }, 'mutation')).toEqual([1]);
    expect(await rows({ mutationEventTypes: { other: true, nonsense_mutation: false } }, 'mutation')).toEqual([1, 3]);
    expect(await rows({ mutationEventTypes: { missense_mutation: false } }, 'mutation')).toEqual([]);
  });

  it('CNA types, driver, tiers, status', async () => {
    expect(await rows({ copyNumberAlterationEventTypes: { AMP: true, HOMDEL: false } }, 'cna')).toEqual([4]);
    expect(await rows({ includeVUS: false }, 'mutation')).toEqual([1, 3]);
    expect(await rows({ includeDriver: false, includeVUS: false, includeUnknownOncogenicity: false }, 'mutation')).toEqual([]);
    expect(await rows({ tiersBooleanMap: { 'Tier 1': true, 'Tier 2': false }, includeUnknownTier: false }, 'mutation')).toEqual([1]);
    expect(await rows({ tiersBooleanMap: { 'Tier 2': false } }, 'mutation')).toEqual([2]); // unknown tier only: Tier 1 is not a true tier
    expect(await rows({ includeSomatic: false }, 'mutation')).toEqual([2, 3]);
    expect(await rows({ includeGermline: false, includeUnknownStatus: false }, 'mutation')).toEqual([1]);
  });

  it('"nothing passes" means nothing, also where the reference restricts nothing (quirk 14, empty tier map)', async () => {
    for (const kind of ['mutation', 'cna', 'structural_variant'] as const)
      expect(await rows({ includeDriver: false, includeVUS: false, includeUnknownOncogenicity: false }, kind)).toEqual([]);
    expect(await rows({ tiersBooleanMap: {}, includeUnknownTier: false }, 'mutation')).toEqual([]);
    expect(await rows({ includeGermline: false, includeSomatic: false, includeUnknownStatus: false }, 'mutation')).toEqual([]);
  });
});

describe('readAlterationFilter', () => {
  it('keeps booleans only: junk reads as the defaults; tier names stay bound values', async () => {
    expect(readAlterationFilter(5)).toEqual({});
    const junk = readAlterationFilter({ includeDriver: 'no', tiersBooleanMap: 7, mutationEventTypes: { missense_mutation: 'yes', nonsense_mutation: false } });
    expect(junk.includeDriver).toBeUndefined();
    expect(junk.tiersBooleanMap).toBeUndefined();
    expect(junk.mutationEventTypes).toEqual({ nonsense_mutation: false });
    const hostile = compileAlterationPredicate(readAlterationFilter({ tiersBooleanMap: { "x' OR 1=1 --": true }, includeUnknownTier: false }), 'mutation');
    expect(hostile.params).toContainEqual(["x' OR 1=1 --"]);
    expect(await rows(readAlterationFilter({ tiersBooleanMap: { "x' OR 1=1 --": true }, includeUnknownTier: false }), 'mutation')).toEqual([]);
  });
});
