import { describe, expect, it } from 'vitest';
import { matrixLayout } from './gene-matrix.js';

describe('matrixLayout', () => {
  it('starts the samples after the last feature column', () => {
    expect(matrixLayout(['Hugo_Symbol', 'Entrez_Gene_Id', 'S1', 'S2'], false)).toEqual({ symbol: 0, entrez: 1, rppa: false, sampleStart: 2 });
    // Cytoband is a feature name even after the gene columns; names are compared case-insensitively.
    expect(matrixLayout(['entrez_gene_id', 'CYTOBAND', 'S1'], false)).toEqual({ symbol: -1, entrez: 0, rppa: false, sampleStart: 2 });
  });

  it('reads Composite.Element.REF as the RPPA key only in first position of a protein file', () => {
    expect(matrixLayout(['Composite.Element.REF', 'S1'], true)).toEqual({ symbol: 0, entrez: -1, rppa: true, sampleStart: 1 });
    expect(matrixLayout(['Composite.Element.REF', 'S1'], false)).toBe('at least one of the columns Hugo_Symbol and Entrez_Gene_Id is required');
  });

  it('needs a gene column and a sample column', () => {
    expect(matrixLayout(['S1', 'S2'], false)).toBe('at least one of the columns Hugo_Symbol and Entrez_Gene_Id is required');
    expect(matrixLayout(['Hugo_Symbol', 'Entrez_Gene_Id'], false)).toBe('the file has no sample columns');
  });
});
