import { describe, expect, it } from 'vitest';
import { parseGmtLine, parseHierarchy } from './genesets-import.js';

describe('parseGmtLine', () => {
  it('reads id, link and distinct Entrez ids; name and description default to the id', () => {
    expect(parseGmtLine('g', 1, 'SET_A\thttp://x\t207\t208\t207')).toEqual({
      id: 'SET_A', refLink: 'http://x', name: 'SET_A', description: 'SET_A', entrezIds: [207, 208], line: 1,
    });
  });

  it('rejects a member that is not an Entrez id', () => {
    expect(() => parseGmtLine('g', 3, 'SET_A\thttp://x\tTP53')).toThrow(/g:3 \(column TP53\): 'TP53' is not an Entrez gene id/);
  });
});

describe('parseHierarchy', () => {
  const yaml = 'Root:\n  Gene sets:\n    - A\n  2020:\n    Gene sets:\n      - B\n      - A\nOther:\n  Gene sets:\n';
  it('numbers categories in document order and attaches gene sets to their category', () => {
    expect(parseHierarchy('h', yaml, new Set(['A', 'B']))).toEqual({
      nodes: [
        { nodeId: 1, name: 'Root', parentId: null },
        { nodeId: 2, name: '2020', parentId: 1 },
        { nodeId: 3, name: 'Other', parentId: null },
      ],
      leaves: [{ nodeId: 1, genesetId: 'A' }, { nodeId: 2, genesetId: 'B' }, { nodeId: 2, genesetId: 'A' }],
    });
  });

  it('requires every listed gene set to be defined', () => {
    expect(() => parseHierarchy('h', yaml, new Set(['A']))).toThrow(/gene set B of the hierarchy is not in the GMT file/);
  });
});
