// The open files of one demo study and the per-patient loop that fills them; keeps the facts
// the case lists and the gene-by-sample matrices need once every sample is written.
import { join } from 'node:path';
import { clinicalHeader, PATIENT_ATTRIBUTES, SAMPLE_ATTRIBUTES } from './clinical-attributes.js';
import { CnaGenerator, SEG_COLUMNS, writeSegments } from './copy-number.js';
import type { DemoGene } from './demo-genes.js';
import { writeExpression, writeTreatmentResponse, TREATMENT_ENTITIES, type MatrixSamples } from './matrices.js';
import { DATA_FILES, type CaseList } from './meta-files.js';
import { MutationGenerator } from './mutations.js';
import { makePatient, makeSample, sampleValues } from './patients.js';
import type { Platform } from './platforms.js';
import { Random, WeightedTable } from './random.js';
import { SvGenerator } from './structural-variants.js';
import { TextWriter } from './text-writer.js';
import { writeSpecimen, writeStatus, writeTimelineHeaders, writeTreatments } from './timeline.js';

/** Counts of what was written (the part of DemoSummary this class knows). */
export interface StudyCounts {
  samples: number;
  patients: number;
  /** MAF rows; the default load filter drops the Silent ones (TERT 5'Flank rows are kept). */
  mutations: number;
  silentMutations: number;
  germlineMutations: number;
  promoterMutations: number;
  driverMutations: number;
  /** Non-zero DISCRETE_LONG rows; cnaEvents are the -2/2 ones (amplifications + deepDeletions). */
  cnaRows: number;
  cnaEvents: number;
  amplifications: number;
  deepDeletions: number;
  cnaSamples: number;
  structuralVariants: number;
  segments: number;
  segmentSamples: number;
  expressionSamples: number;
  expressionGenes: number;
  genericAssaySamples: number;
  genericAssayEntities: number;
  timelineEvents: { specimen: number; status: number; treatment: number };
  patientAttributes: number;
  sampleAttributes: number;
  genePanels: Record<string, number>;
  samplesByPlatform: Record<string, number>;
}

const SAMPLES_PER_PATIENT = new WeightedTable([70, 20, 10]);

type Writers = Record<keyof typeof DATA_FILES, TextWriter>;

/** Holds the open files and the per-sample facts the case lists and matrices need. */
export class StudyWriter {
  private readonly out: Writers;
  private readonly random: Random;
  private readonly segmentRandom: Random;
  private readonly mutations: MutationGenerator;
  private readonly cna: CnaGenerator;
  private readonly sv: SvGenerator;
  private readonly platformTable: WeightedTable;
  private readonly sampleIds: string[] = [];
  private readonly cnaSampleIds: string[] = [];
  private readonly matrix: MatrixSamples;
  private readonly byPlatform: Record<string, number> = {};
  private patients = 0;
  private segments = 0;

  constructor(outDir: string, private readonly seed: number, private readonly genes: DemoGene[], private readonly platforms: Platform[], private readonly matrixSamples: number,
    private readonly expressionFillers: readonly DemoGene[] = []) {
    this.out = Object.fromEntries(Object.entries(DATA_FILES).map(([k, f]) => [k, new TextWriter(join(outDir, f))])) as Writers;
    this.random = new Random(seed, 'study');
    this.segmentRandom = new Random(seed, 'segments');
    this.mutations = new MutationGenerator(genes, this.out.mutations);
    this.cna = new CnaGenerator(platforms, this.out.cna);
    this.sv = new SvGenerator(genes, this.out.sv);
    this.platformTable = new WeightedTable(platforms.map((p) => p.share));
    this.matrix = { ids: [], cna: new Int8Array(matrixSamples * genes.length), mutated: new Uint8Array(matrixSamples * genes.length) };
    for (const p of platforms) this.byPlatform[p.id] = 0;
  }

  async writeSamples(total: number): Promise<void> {
    this.writeHeaders();
    while (this.sampleIds.length < total) {
      this.writePatient(Math.min(total - this.sampleIds.length, 1 + SAMPLES_PER_PATIENT.pick(this.random)));
      if (this.patients % 64 === 0) await this.flushFull();
    }
  }

  private writeHeaders(): void {
    for (const line of clinicalHeader(PATIENT_ATTRIBUTES)) this.out.patients.line(line);
    for (const line of clinicalHeader(SAMPLE_ATTRIBUTES)) this.out.samples.line(line);
    this.mutations.writeHeader();
    this.cna.writeHeader();
    this.sv.writeHeader();
    this.out.segments.row(SEG_COLUMNS);
    this.out.panelMatrix.row(['SAMPLE_ID', 'mutations', 'gistic', 'structural_variants']);
    writeTimelineHeaders({ specimen: this.out.specimen, status: this.out.status, treatment: this.out.treatmentTimeline });
  }

  private writePatient(sampleCount: number): void {
    const random = this.random;
    const patient = makePatient(random, `DEMO-${String(++this.patients).padStart(6, '0')}`);
    this.out.patients.row(patient.values);
    const timeline = { specimen: this.out.specimen, status: this.out.status, treatment: this.out.treatmentTimeline };
    for (let k = 0; k < sampleCount; k++) {
      const sample = makeSample(random, patient, k);
      const index = this.sampleIds.length;
      const platform = this.platforms[this.platformTable.pick(random)];
      const cnaProfiled = random.chance(0.95);
      const inMatrix = index < this.matrixSamples;
      const from = index * this.genes.length;
      const to = from + this.genes.length;
      const nonSynonymous = this.mutations.sample(random, sample.id, platform, inMatrix ? this.matrix.mutated.subarray(from, to) : undefined);
      if (cnaProfiled) this.cna.sample(random, sample.id, platform, inMatrix ? this.matrix.cna.subarray(from, to) : undefined);
      this.sv.sample(random, sample.id, platform);
      if (inMatrix) {
        this.matrix.ids.push(sample.id);
        this.segments += writeSegments(this.segmentRandom, sample.id, this.out.segments);
      }
      const depth = Math.round((platform.id === 'WXS' ? 120 : 550) * (0.8 + 0.4 * random.next()));
      this.out.samples.row(sampleValues(random, sample, platform, nonSynonymous, depth));
      this.out.panelMatrix.line(`${sample.id}\t${platform.id}\t${cnaProfiled ? platform.id : 'NA'}\t${platform.id}`);
      writeSpecimen(timeline, sample);
      this.sampleIds.push(sample.id);
      if (cnaProfiled) this.cnaSampleIds.push(sample.id);
      this.byPlatform[platform.id]++;
    }
    writeStatus(timeline, patient);
    writeTreatments(random, timeline, patient);
  }

  private async flushFull(): Promise<void> {
    for (const w of Object.values(this.out)) await w.flushIfFull();
  }

  async writeMatrices(): Promise<void> {
    await writeExpression(this.seed, this.genes, this.expressionFillers, this.matrix, this.out.expression, this.out.zScores);
    await writeTreatmentResponse(this.seed, this.genes, this.matrix, this.out.treatment);
  }

  caseLists(): CaseList[] {
    const all = this.sampleIds;
    return [
      { suffix: 'sequenced', category: 'all_cases_with_mutation_data', name: 'Samples with mutation data', description: 'Samples profiled for mutations', sampleIds: all },
      { suffix: 'cna', category: 'all_cases_with_cna_data', name: 'Samples with CNA data', description: 'Samples profiled for copy-number alterations', sampleIds: this.cnaSampleIds },
      { suffix: 'cnaseq', category: 'all_cases_with_mutation_and_cna_data', name: 'Samples with mutation and CNA data', description: 'Samples profiled for mutations and copy-number alterations', sampleIds: this.cnaSampleIds },
      { suffix: 'sv', category: 'all_cases_with_sv_data', name: 'Samples with structural variant data', description: 'Samples profiled for structural variants', sampleIds: all },
      { suffix: 'rna_seq_v2_mrna', category: 'all_cases_with_mrna_rnaseq_data', name: 'Samples with mRNA data (RNA Seq V2)', description: 'Samples with RNA-seq expression', sampleIds: this.matrix.ids },
    ];
  }

  /** Closes every file without waiting (after a failure; the folder is then incomplete). */
  abort(): void {
    for (const w of Object.values(this.out)) w.abort();
  }

  async close(): Promise<void> {
    for (const w of Object.values(this.out)) await w.close();
  }

  summary(): StudyCounts {
    const m = this.mutations.counts;
    const c = this.cna.counts;
    return {
      samples: this.sampleIds.length,
      patients: this.patients,
      mutations: m.rows,
      silentMutations: m.silent,
      germlineMutations: m.germline,
      promoterMutations: m.promoter,
      driverMutations: m.drivers,
      cnaRows: c.rows,
      cnaEvents: c.events,
      amplifications: c.amplifications,
      deepDeletions: c.deepDeletions,
      cnaSamples: this.cnaSampleIds.length,
      structuralVariants: this.sv.count,
      segments: this.segments,
      segmentSamples: this.matrix.ids.length,
      expressionSamples: this.matrix.ids.length,
      expressionGenes: this.genes.length,
      genericAssaySamples: this.matrix.ids.length,
      genericAssayEntities: TREATMENT_ENTITIES.length,
      timelineEvents: { specimen: this.out.specimen.lines - 1, status: this.out.status.lines - 1, treatment: this.out.treatmentTimeline.lines - 1 },
      patientAttributes: PATIENT_ATTRIBUTES.length - 1,
      sampleAttributes: SAMPLE_ATTRIBUTES.length - 2,
      genePanels: Object.fromEntries(this.platforms.filter((p) => p.id !== 'WXS').map((p) => [p.id, p.genes.length])),
      samplesByPlatform: { ...this.byPlatform },
    };
  }
}
