import { describe, expect, it } from 'vitest';
import { NamespaceColumns, declaredNamespaces, parseJavaNumber, parseNamespaceValue, svDriver, svEntrez, svInt, svText } from './structural-variant-columns.js';

describe('SV cell conversions', () => {
  it('reads numbers as Java does', () => {
    expect(parseJavaNumber('1e+05')).toBe(100000);
    expect(parseJavaNumber('-8e-04')).toBe(-0.0008);
    expect(parseJavaNumber('.5')).toBe(0.5);
    expect(parseJavaNumber('2.5f')).toBe(2.5);
    expect(parseJavaNumber('NaN')).toBeNaN();
    expect(parseJavaNumber('NA')).toBeUndefined();
    expect(parseJavaNumber('')).toBeUndefined();
    expect(parseJavaNumber('1,5')).toBeUndefined();
  });

  it("stores empty or absent text as the literal 'NA'", () => {
    expect(svText('')).toBe('NA');
    expect(svText(undefined)).toBe('NA');
    expect(svText('EXON')).toBe('EXON');
  });

  it('stores integers truncated, and -1 for missing or non-numeric cells', () => {
    expect(svInt('138536968')).toBe(138536968);
    expect(svInt('6.7')).toBe(6);
    expect(svInt('-6.7')).toBe(-6);
    expect(svInt('1e3')).toBe(1000);
    expect(svInt('NA')).toBe(-1);
    expect(svInt('')).toBe(-1);
    expect(svInt(undefined)).toBe(-1);
    expect(svInt('abc')).toBe(-1);
  });

  it('accepts only integer Entrez ids', () => {
    expect(svEntrez('673')).toBe(673);
    expect(svEntrez('NA')).toBeUndefined();
    expect(svEntrez('673.0')).toBeUndefined();
    expect(svEntrez(undefined)).toBeUndefined();
  });
});

describe('namespace columns', () => {
  const columns = ['Sample_Id', 'StructVarNs.column1', 'structvarns2.lorem', 'StructVarNs.column2.extra', 'Other.x'];

  it('keys the JSON by the meta spelling and the attribute before a second dot', () => {
    const ns = new NamespaceColumns(['StructVarNs', 'StructVarNs2'], columns);
    expect(JSON.parse(ns.toJson(['s', 'value1', '12', 'NA', 'y']) ?? '')).toEqual({
      StructVarNs: { column1: 'value1', column2: null },
      StructVarNs2: { lorem: 12 },
    });
  });

  it('is null without declared namespaces, and names declared ones without columns', () => {
    expect(new NamespaceColumns([], columns).toJson(['s', 'a', 'b', 'c', 'd'])).toBeNull();
    expect(new NamespaceColumns(['StructVarNs', 'Missing'], columns).missing(['StructVarNs', 'Missing'])).toEqual(['Missing']);
  });

  it('turns numbers into numbers and empty/NA into null', () => {
    expect(parseNamespaceValue('')).toBeNull();
    expect(parseNamespaceValue('NA')).toBeNull();
    expect(parseNamespaceValue('na')).toBe('na');
    expect(parseNamespaceValue('42')).toBe(42);
    expect(parseNamespaceValue('1e5')).toBe(100000);
    expect(parseNamespaceValue('0.25')).toBe(0.25);
    expect(parseNamespaceValue('NaN')).toBe('NaN');
    expect(parseNamespaceValue('ipsum')).toBe('ipsum');
  });

  it('splits the meta list', () => {
    expect(declaredNamespaces(' StructVarNs, StructVarNs2 ,')).toEqual(['StructVarNs', 'StructVarNs2']);
    expect(declaredNamespaces(undefined)).toEqual([]);
  });
});

describe('driver columns', () => {
  it("records all four cells, with a literal 'NA', when a driver or a tier is given", () => {
    expect(svDriver('Putative_Driver', 'Test driver', 'NA', '')).toEqual({
      driver_filter: 'Putative_Driver', driver_filter_annotation: 'Test driver', driver_tiers_filter: 'NA', driver_tiers_filter_annotation: 'NA',
    });
    expect(svDriver('na', 'x', undefined, 'y').driver_filter).toBeNull();
    expect(svDriver('', '', 'Class 1', '').driver_filter).toBe('NA');
  });
});
