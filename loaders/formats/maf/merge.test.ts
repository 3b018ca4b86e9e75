import { describe, expect, it } from 'vitest';
import { mergeDuplicate, type MergeFields } from './merge.js';

const m = (center: string, normal = 'N', validation = 'Untested', status = 'Somatic', id = ''): MergeFields & { id: string } => ({
  center, matched_norm_sample_barcode: normal, validation_status: validation, mutation_status: status, id,
});

describe('mergeDuplicate', () => {
  it('prefers a TCGA blood normal, then a validated row, then Germline over Somatic over others', () => {
    expect(mergeDuplicate(m('A', 'TCGA-AB-1234-11', 'Valid', 'Germline', 'a'), m('A', 'TCGA-AB-1234-10A', 'x', 'x', 'b')).id).toBe('b');
    expect(mergeDuplicate(m('A', 'TCGA-AB-1234-10', 'x', 'x', 'a'), m('A', 'OTHER', 'Valid', 'Germline', 'b')).id).toBe('a');
    expect(mergeDuplicate(m('A', 'N', 'Untested', 'x', 'a'), m('A', 'n', 'VALIDATED', 'x', 'b')).id).toBe('b');
    expect(mergeDuplicate(m('A', 'N', 'Valid', 'Germline', 'a'), m('A', 'N', 'Untested', 'Somatic', 'b')).id).toBe('a');
    expect(mergeDuplicate(m('A', 'N', 'V', 'Somatic', 'a'), m('A', 'N', 'V', 'germline', 'b')).id).toBe('b');
    expect(mergeDuplicate(m('A', 'N', 'V', 'Unknown', 'a'), m('A', 'N', 'V', 'SOMATIC', 'b')).id).toBe('b');
    expect(mergeDuplicate(m('A', 'N', 'V', 'Germline', 'a'), m('A', 'N', 'V', 'Somatic', 'b')).id).toBe('a');
    expect(mergeDuplicate(m('A', 'N', 'V', 'Somatic', 'a'), m('A', 'N', 'V', 'Unknown', 'b')).id).toBe('a');
  });

  it('unions centers, sorted, dropping NA when others exist', () => {
    expect(mergeDuplicate(m('broad'), m('wustl')).center).toBe('broad;wustl');
    expect(mergeDuplicate(m('NA'), m('wustl')).center).toBe('wustl');
    expect(mergeDuplicate(m('NA'), m('NA')).center).toBe('NA');
    // nothing new: the winner keeps its own center (reference behaviour)
    expect(mergeDuplicate(m('a;b', 'N', 'x'), m('a', 'N', 'Valid')).center).toBe('a');
  });
});
