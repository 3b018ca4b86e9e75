// The demo generator: deterministic per seed, cBioPortal-shaped files, and a summary that
// matches the files (so loader tests can compare it with what gets loaded).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HG19_LENGTHS } from './copy-number.js';
import { generateDemoStudy, type DemoSummary } from './generate-demo-study.js';

const SAMPLES = 200;
const root = mkdtempSync(join(tmpdir(), 'duckportal-demo-'));
const dirA = join(root, 'a');
const dirB = join(root, 'b');
const dirOther = join(root, 'other');
let summary: DemoSummary;

const text = (dir: string, file: string) => readFileSync(join(dir, file), 'utf8');
const lines = (file: string) => text(dirA, file).split('\n').filter((l) => l !== '');

/** Data rows of a TSV file as objects keyed by the header (after leading `#` lines). */
function table(file: string): Record<string, string>[] {
  const all = lines(file).filter((l) => !l.startsWith('#'));
  const header = all[0].split('\t');
  return all.slice(1).map((l) => {
    const cells = l.split('\t');
    expect(cells.length, `${file}: ${l}`).toBe(header.length);
    return Object.fromEntries(header.map((h, i) => [h, cells[i]]));
  });
}

function keyValues(file: string): Map<string, string> {
  return new Map(lines(file).map((l) => [l.slice(0, l.indexOf(':')).trim(), l.slice(l.indexOf(':') + 1).trim()]));
}

function panelGenes(): Map<string, Set<string> | 'all'> {
  const panels = new Map<string, Set<string> | 'all'>([['WXS', 'all']]);
  for (const file of summary.files.filter((f) => f.startsWith('data_gene_panel_') && !f.includes('matrix'))) {
    const kv = keyValues(file);
    panels.set(kv.get('stable_id')!, new Set(kv.get('gene_list')!.split('\t')));
  }
  return panels;
}

beforeAll(async () => {
  summary = await generateDemoStudy({ outDir: dirA, samples: SAMPLES, seed: 7 });
  await generateDemoStudy({ outDir: dirB, samples: SAMPLES, seed: 7 });
  await generateDemoStudy({ outDir: dirOther, samples: SAMPLES, seed: 8 });
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('generateDemoStudy', () => {
  it('writes identical bytes for the same seed and different data for another seed', async () => {
    expect(summary.files.length).toBeGreaterThan(25);
    for (const file of summary.files) expect(text(dirB, file), file).toBe(text(dirA, file));
    expect(text(dirOther, 'data_mutations.txt')).not.toBe(text(dirA, 'data_mutations.txt'));
    expect(text(dirOther, 'data_clinical_patient.txt')).not.toBe(text(dirA, 'data_clinical_patient.txt'));
  });

  it('regenerates into its own folder but refuses a folder with foreign files', async () => {
    const again = await generateDemoStudy({ outDir: dirB, samples: SAMPLES, seed: 7 });
    expect(again).toEqual(summary);
    await expect(generateDemoStudy({ outDir: join(root), samples: 5, seed: 1 })).rejects.toThrow(/not empty/);
  });

  it('widens the expression matrix with filler genes over the first samples when asked', async () => {
    const wide = join(root, 'wide');
    await generateDemoStudy({ outDir: wide, samples: 20, seed: 7, expression: { genes: 300, samples: 12 } });
    const rows = readFileSync(join(wide, 'data_mrna_seq_v2_rsem.txt'), 'utf8').trimEnd().split('\n');
    expect(rows).toHaveLength(1 + 300);
    expect(rows[0].split('\t')).toHaveLength(2 + 12);
    expect(rows.at(-1)!.split('\t').slice(0, 2)).toEqual(['DEMOFILL76', '900000076']); // 224 demo genes, then 76 fillers
    const zScores = readFileSync(join(wide, 'data_mrna_seq_v2_rsem_zscores_ref_all_samples.txt'), 'utf8').trimEnd().split('\n');
    expect(zScores).toHaveLength(1 + 224);
  });

  it('writes clinical files with a 4+1 header block and no computed attributes', () => {
    for (const file of ['data_clinical_patient.txt', 'data_clinical_sample.txt']) {
      const head = lines(file).slice(0, 5);
      expect(head.slice(0, 4).every((l) => l.startsWith('#'))).toBe(true);
      expect(head[4].startsWith('#')).toBe(false);
      const widths = head.map((l) => l.split('\t').length);
      expect(new Set(widths).size).toBe(1);
      expect(head[2].slice(1).split('\t').every((t) => ['STRING', 'NUMBER', 'BOOLEAN'].includes(t))).toBe(true);
      expect(head[4]).not.toMatch(/MUTATION_COUNT|FRACTION_GENOME_ALTERED/);
      table(file); // every row as wide as the header
    }
    const datatypes = new Set([...lines('data_clinical_patient.txt')[2].split('\t'), ...lines('data_clinical_sample.txt')[2].split('\t')].map((t) => t.replace('#', '')));
    expect([...datatypes].sort()).toEqual(['BOOLEAN', 'NUMBER', 'STRING']);
    expect(summary.patientAttributes + summary.sampleAttributes).toBeGreaterThanOrEqual(20);
  });

  it('gives every patient one to three samples and every sample a patient row', () => {
    const patients = new Set(table('data_clinical_patient.txt').map((r) => r.PATIENT_ID));
    const perPatient = new Map<string, number>();
    for (const r of table('data_clinical_sample.txt')) perPatient.set(r.PATIENT_ID, (perPatient.get(r.PATIENT_ID) ?? 0) + 1);
    expect([...perPatient.keys()].sort()).toEqual([...patients].sort());
    expect(Math.min(...perPatient.values())).toBe(1);
    expect(Math.max(...perPatient.values())).toBeLessThanOrEqual(3);
    expect(Math.max(...perPatient.values())).toBeGreaterThan(1);
  });

  it('uses valid survival values', () => {
    const patients = table('data_clinical_patient.txt');
    expect(new Set(patients.map((p) => p.OS_STATUS))).toEqual(new Set(['0:LIVING', '1:DECEASED']));
    expect([...new Set(patients.map((p) => p.DFS_STATUS))].sort()).toEqual(['0:DiseaseFree', '1:Recurred/Progressed', 'NA']);
    for (const p of patients) for (const k of ['OS_MONTHS', 'PFS_MONTHS']) expect(Number(p[k])).toBeGreaterThanOrEqual(0);
  });

  it('puts every MAF sample in the clinical file and the _sequenced list, and only panel genes', () => {
    const samples = new Set(table('data_clinical_sample.txt').map((r) => r.SAMPLE_ID));
    const sequenced = new Set(keyValues('case_lists/cases_sequenced.txt').get('case_list_ids')!.split('\t'));
    const platform = new Map(table('data_gene_panel_matrix.txt').map((r) => [r.SAMPLE_ID, r.mutations]));
    const panels = panelGenes();
    for (const m of table('data_mutations.txt')) {
      expect(samples.has(m.Tumor_Sample_Barcode)).toBe(true);
      expect(sequenced.has(m.Tumor_Sample_Barcode)).toBe(true);
      const genes = panels.get(platform.get(m.Tumor_Sample_Barcode)!)!;
      expect(genes === 'all' || genes.has(m.Hugo_Symbol), `${m.Hugo_Symbol} on ${platform.get(m.Tumor_Sample_Barcode)}`).toBe(true);
      expect(Number(m.End_Position)).toBeLessThanOrEqual(HG19_LENGTHS[m.Chromosome]);
    }
  });

  it('keeps CNA and SV genes on the sample platform and CNA values in -2, -1, 1, 2', () => {
    const matrix = new Map(table('data_gene_panel_matrix.txt').map((r) => [r.SAMPLE_ID, r]));
    const panels = panelGenes();
    const on = (panel: string, gene: string) => {
      const genes = panels.get(panel)!;
      return genes === 'all' || genes.has(gene);
    };
    for (const c of table('data_cna.txt')) {
      expect(['-2', '-1', '1', '2']).toContain(c.Value);
      expect(matrix.get(c.Sample_Id)!.gistic).not.toBe('NA');
      expect(on(matrix.get(c.Sample_Id)!.gistic, c.Hugo_Symbol)).toBe(true);
    }
    for (const s of table('data_sv.txt')) {
      const panel = matrix.get(s.Sample_Id)!.structural_variants;
      expect(on(panel, s.Site1_Hugo_Symbol) || on(panel, s.Site2_Hugo_Symbol)).toBe(true);
    }
  });

  it('writes segments inside hg19 chromosome lengths', () => {
    for (const s of table('data_cna_hg19.seg')) {
      expect(Number(s['loc.start'])).toBeLessThan(Number(s['loc.end']));
      expect(Number(s['loc.end'])).toBeLessThanOrEqual(HG19_LENGTHS[s.chrom]);
    }
  });

  it('reports the counts that are in the files', () => {
    const mutations = table('data_mutations.txt');
    const cna = table('data_cna.txt');
    const ic50 = table('data_treatment_ic50.txt');
    const ids = (file: string) => keyValues(file).get('case_list_ids')!.split('\t');
    expect(summary.samples).toBe(SAMPLES);
    expect(table('data_clinical_sample.txt').length).toBe(summary.samples);
    expect(table('data_clinical_patient.txt').length).toBe(summary.patients);
    expect(mutations.length).toBe(summary.mutations);
    expect(mutations.filter((m) => m.Variant_Classification === 'Silent').length).toBe(summary.silentMutations);
    expect(mutations.filter((m) => m.Mutation_Status === 'Germline').length).toBe(summary.germlineMutations);
    expect(mutations.filter((m) => m.cbp_driver === 'Putative_Driver').length).toBe(summary.driverMutations);
    expect(cna.length).toBe(summary.cnaRows);
    expect(cna.filter((c) => Math.abs(Number(c.Value)) === 2).length).toBe(summary.cnaEvents);
    expect(new Set(cna.map((c) => c.Sample_Id)).size).toBeLessThanOrEqual(summary.cnaSamples);
    expect(table('data_sv.txt').length).toBe(summary.structuralVariants);
    expect(table('data_cna_hg19.seg').length).toBe(summary.segments);
    expect(new Set(table('data_cna_hg19.seg').map((s) => s.ID)).size).toBe(summary.segmentSamples);
    expect(table('data_mrna_seq_v2_rsem.txt').length).toBe(summary.expressionGenes);
    expect(lines('data_mrna_seq_v2_rsem_zscores_ref_all_samples.txt')[0].split('\t').length - 2).toBe(summary.expressionSamples);
    expect(ic50.length).toBe(summary.genericAssayEntities);
    expect(Object.keys(ic50[0]).length - 3).toBe(summary.genericAssaySamples);
    expect(table('data_timeline_specimen.txt').length).toBe(summary.timelineEvents.specimen);
    expect(table('data_timeline_status.txt').length).toBe(summary.timelineEvents.status);
    expect(table('data_timeline_treatment.txt').length).toBe(summary.timelineEvents.treatment);
    expect(ids('case_lists/cases_cna.txt').length).toBe(summary.cnaSamples);
    for (const [stableId, n] of Object.entries(summary.caseLists)) {
      const file = `case_lists/cases_${stableId.replace(`${summary.studyId}_`, '')}.txt`;
      expect(keyValues(file).get('stable_id')).toBe(stableId);
      expect(ids(file).length).toBe(n);
    }
  });

  it('writes the scale asked for: about 15 mutations, 10 CNA rows and 0.2 SVs per sample', () => {
    expect(summary.mutations / SAMPLES).toBeGreaterThan(10);
    expect(summary.mutations / SAMPLES).toBeLessThan(20);
    expect(summary.cnaRows / SAMPLES).toBeGreaterThan(6);
    expect(summary.cnaRows / SAMPLES).toBeLessThan(14);
    expect(summary.structuralVariants / SAMPLES).toBeLessThan(0.5);
    expect(summary.germlineMutations).toBeGreaterThan(0);
    expect(summary.silentMutations).toBeGreaterThan(0);
  });

  it('writes meta files with the keys the loader requires', () => {
    const study = keyValues('meta_study.txt');
    expect(study.get('cancer_study_identifier')).toBe('demo_study');
    expect(study.get('type_of_cancer')).toBe('brca');
    expect(study.get('add_global_case_list')).toBe('true');
    expect(study.get('reference_genome')).toBe('hg19');
    const cna = keyValues('meta_cna.txt');
    expect([cna.get('datatype'), cna.get('stable_id')]).toEqual(['DISCRETE_LONG', 'gistic']);
    const z = keyValues('meta_mrna_seq_v2_rsem_zscores_ref_all_samples.txt');
    expect([z.get('datatype'), z.get('stable_id'), z.get('source_stable_id')]).toEqual(['Z-SCORE', 'rna_seq_v2_mrna_median_Zscores', 'rna_seq_v2_mrna']);
    const ga = keyValues('meta_treatment_ic50.txt');
    for (const k of ['generic_assay_type', 'pivot_threshold_value', 'value_sort_order', 'generic_entity_meta_properties']) expect(ga.has(k)).toBe(true);
    for (const file of summary.files.filter((f) => f.startsWith('meta_'))) expect(keyValues(file).get('cancer_study_identifier'), file).toBe('demo_study');
  });
});
