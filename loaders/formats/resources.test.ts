import { describe, expect, it } from 'vitest';
import { parseDefinition } from './resources.js';

const row = (cells: Record<string, string>) => (name: string) => cells[name];
const at = { file: 'f', line: 2 };

describe('parseDefinition', () => {
  it('upper-cases the id and applies the importer defaults', () => {
    const warnings: string[] = [];
    const parsed = parseDefinition(row({ RESOURCE_ID: 'slide', DISPLAY_NAME: 'Slide', RESOURCE_TYPE: 'SAMPLE', OPEN_BY_DEFAULT: 'yes' }), at, (m) => warnings.push(m));
    expect(parsed).toEqual({
      resource_id: 'SLIDE', display_name: 'Slide', description: '', resource_type: 'SAMPLE', open_by_default: false, priority: 1, custom_metadata: null,
    });
    expect(warnings).toEqual(['OPEN_BY_DEFAULT is not true or false; false is stored']);
  });

  it('rejects what aborts the importer', () => {
    const base = { RESOURCE_ID: 'X', DISPLAY_NAME: 'X', RESOURCE_TYPE: 'STUDY' };
    const warn = () => undefined;
    expect(() => parseDefinition(row({ ...base, RESOURCE_ID: 'NA' }), at, warn)).toThrow(/missing RESOURCE_ID/);
    expect(() => parseDefinition(row({ ...base, RESOURCE_TYPE: 'Study' }), at, warn)).toThrow(/f:2 \(column RESOURCE_TYPE\)/);
    expect(() => parseDefinition(row({ ...base, PRIORITY: 'high' }), at, warn)).toThrow(/PRIORITY 'high' is not an integer/);
  });
});
