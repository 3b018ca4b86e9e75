import { describe, expect, it } from 'vitest';
import { Db } from '../sql/db.js';
import { sql } from '../sql/sql.js';
import { compileAlterationFilter, toAlterationFilter } from './study-view-alteration-filter.js';

// e: (id, mutation_type, status, driver_filter, driver_tiers_filter, cna_alteration)
const EVENTS = `CREATE TABLE e AS SELECT * FROM (VALUES
  (1, 'Missense_Mutation', 'Somatic', 'Putative_Driver', 'Class 1', NULL),
  (2, 'Nonsense_Mutation', 'Germline', 'Putative_Passenger', NULL, NULL),
  (3, 'Splice_Site', 'NA', NULL, 'Class 2', NULL),
  (4, 'NA', 'NA', 'Unknown', '', 2),
  (5, 'NA', 'NA', 'Putative_Driver', 'Class 1', -2)
) t(id, mutation_type, status, driver_filter, driver_tiers_filter, cna_alteration)`;

describe('compileAlterationFilter', () => {
  it('compiles each rule to SQL text and params, and selects the right rows', async () => {
    const db = await Db.open(':memory:');
    await db.exec(EVENTS);
    const ids = async (f: unknown, kind: 'mutation' | 'cna' | 'structural_variant') =>
      (await db.all<{ id: number }>(sql`SELECT id FROM e WHERE ${compileAlterationFilter(toAlterationFilter(f), kind)} ORDER BY id`)).map((r) => r.id);

    expect(compileAlterationFilter({}, 'mutation').text).toBe('TRUE');
    const drivers = compileAlterationFilter({ includeVUS: false, includeUnknownOncogenicity: false }, 'mutation');
    expect(drivers.text).toBe("(TRUE AND (lower(e.driver_filter) = 'putative_driver') AND TRUE AND TRUE)");
    expect(drivers.params).toEqual([]);
    const types = compileAlterationFilter({ mutationEventTypes: { missense_mutation: true, splice_site: false } }, 'mutation');
    expect(types.text).toContain('lower(e.mutation_type) IN (SELECT unnest($1::VARCHAR[]))');
    expect(types.params).toEqual([['missense_mutation']]);

    expect(await ids({ includeVUS: false, includeUnknownOncogenicity: false }, 'mutation')).toEqual([1, 5]);
    expect(await ids({ includeDriver: false }, 'mutation')).toEqual([2, 3, 4]);
    // gate: all-off driver flags alone restrict nothing for mutations / CNA, everything for SVs
    expect(await ids({ includeDriver: false, includeVUS: false, includeUnknownOncogenicity: false }, 'mutation')).toEqual([1, 2, 3, 4, 5]);
    expect(await ids({ includeDriver: false, includeVUS: false, includeUnknownOncogenicity: false }, 'structural_variant')).toEqual([]);
    expect(await ids({ includeDriver: false, includeVUS: false, includeUnknownOncogenicity: false, includeGermline: false }, 'mutation')).toEqual([]);
    // tiers: exact names, unknown = NULL/''/na/unknown; an empty map never restricts
    expect(await ids({ tiersBooleanMap: { 'Class 1': true, 'Class 2': false }, includeUnknownTier: false }, 'mutation')).toEqual([1, 5]);
    expect(await ids({ tiersBooleanMap: { 'Class 1': false }, includeUnknownTier: true }, 'mutation')).toEqual([2, 4]);
    expect(await ids({ tiersBooleanMap: {}, includeUnknownTier: false }, 'structural_variant')).toEqual([1, 2, 3, 4, 5]);
    // status: germline contains, somatic equals, unknown = the rest
    expect(await ids({ includeGermline: false }, 'mutation')).toEqual([1, 3, 4, 5]);
    expect(await ids({ includeSomatic: false, includeUnknownStatus: false }, 'structural_variant')).toEqual([2]);
    // mutation types: listed true ones; with other: everything not set to false; none true: nothing
    expect(await ids({ mutationEventTypes: { missense_mutation: true, splice_site: false } }, 'mutation')).toEqual([1]);
    expect(await ids({ mutationEventTypes: { other: true, splice_site: false } }, 'mutation')).toEqual([1, 2, 4, 5]);
    expect(await ids({ mutationEventTypes: { missense_mutation: false } }, 'mutation')).toEqual([]);
    expect(await ids({ mutationEventTypes: { any: true, missense_mutation: false } }, 'mutation')).toEqual([1, 2, 3, 4, 5]);
    // CNA types
    expect(await ids({ copyNumberAlterationEventTypes: { AMP: true, HOMDEL: false } }, 'cna')).toEqual([4]);
    expect(await ids({ copyNumberAlterationEventTypes: { AMP: true, HOMDEL: true } }, 'cna')).toEqual([1, 2, 3, 4, 5]);
    // junk is read as defaults, hostile tier names stay values
    expect(await ids({ includeDriver: 'no', tiersBooleanMap: 7 }, 'mutation')).toEqual([1, 2, 3, 4, 5]);
    expect(await ids({ tiersBooleanMap: { "x' OR 1=1 --": true } , includeUnknownTier: false }, 'mutation')).toEqual([]);
    db.close();
  });
});
