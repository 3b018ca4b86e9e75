import { describe, expect, it } from 'vitest';
import { namespaceJson, namespaceValue, parseNamespaceList, planNamespaces } from './namespaces.js';

describe('namespace columns', () => {
  const columns = ['Sample_Id', 'StructVarNs.column1', 'structvarns2.lorem', 'StructVarNs.column2.extra', 'Other.x'];

  it('keys the JSON by the meta spelling and the attribute before a second dot', () => {
    const plan = planNamespaces(['StructVarNs', 'StructVarNs2'], columns);
    expect(JSON.parse(namespaceJson(plan, ['s', 'value1', '12', 'NA', 'y']) ?? '')).toEqual({
      StructVarNs: { column1: 'value1', column2: null },
      StructVarNs2: { lorem: 12 },
    });
  });

  it('is null without declared namespaces, and names declared ones without columns', () => {
    expect(namespaceJson(planNamespaces([], columns), ['s', 'a', 'b', 'c', 'd'])).toBeNull();
    expect(planNamespaces(['StructVarNs', 'Missing'], columns).unmatched).toEqual(['Missing']);
  });

  it('turns numbers into numbers and empty/NA into null', () => {
    expect(namespaceValue('')).toBeNull();
    expect(namespaceValue('NA')).toBeNull();
    expect(namespaceValue('na')).toBe('na');
    expect(namespaceValue('42')).toBe(42);
    expect(namespaceValue('1e5')).toBe(100000);
    expect(namespaceValue('0.25')).toBe(0.25);
    expect(namespaceValue('NaN')).toBe('NaN');
    expect(namespaceValue('ipsum')).toBe('ipsum');
  });

  it('writes non-finite floats as Jackson does, float overflow included', () => {
    expect(namespaceValue('-Infinity')).toBe('-Infinity');
    expect(namespaceValue('1e39')).toBe('Infinity');
    expect(namespaceValue('3000000000')).toBe(3000000000);
  });

  it('splits the meta list', () => {
    expect(parseNamespaceList(' StructVarNs, StructVarNs2 ,')).toEqual(['StructVarNs', 'StructVarNs2']);
    expect(parseNamespaceList(undefined)).toEqual([]);
  });
});
