// Bodies parsed in slices give what JSON.parse gives, and fail where it fails.
import { describe, expect, it } from 'vitest';
import { parseInSlices } from './sliced-json.js';

const ids = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => ({ caseId: `${prefix}-${i}`, molecularProfileId: 'study_mutations' }));

describe('parseInSlices', () => {
  it('gives what JSON.parse gives: long arrays at any depth, nested in one another, strings full of JSON syntax', async () => {
    const documents = [
      { molecularProfileCasesGroupFilter: [{ name: 'A', molecularProfileCaseIdentifiers: ids(9000, 'A') }, { name: 'B', molecularProfileCaseIdentifiers: ids(5000, 'B') }] },
      [ids(4096, 'x'), Array.from({ length: 5000 }, (_, i) => [i, `"]},[{${i}`, { deep: ids(3, 'd') }]), 'tail'],
      Array.from({ length: 20000 }, (_, i) => (i % 3 === 0 ? null : i % 3 === 1 ? 'a,b]' : -i / 7)),
      // Escaped quotes and backslash runs of both parities, before a closing quote and not.
      { cases: Array.from({ length: 6000 }, (_, i) => [`q"${i}",[`, 'b\\', '\\"]', '\\\\\\', `${'\\'.repeat(i % 4)}"}`]) },
    ];
    for (const document of documents) {
      for (const text of [JSON.stringify(document), JSON.stringify(document, null, 2)]) expect(await parseInSlices(text)).toEqual(JSON.parse(text));
    }
  });

  it('rejects what JSON.parse rejects', async () => {
    const long = JSON.stringify(ids(5000, 'A'));
    for (const bad of [`${long.slice(0, -1)},]`, `{"a":${long}`, `{"a":${long}}x`, long.replace('"A-10"', '"A-10'), long.replace('},{', '},,{')]) {
      expect(() => JSON.parse(bad)).toThrow();
      await expect(parseInSlices(bad)).rejects.toThrow();
    }
  });
});
