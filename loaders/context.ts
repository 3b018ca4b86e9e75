// The state shared by the format loaders while one study folder is loaded: the open
// transaction, the study's keys, its samples and patients, profiles, and warnings.
import type { Db } from '../engine/sql/db.js';
import { raw, sql } from '../engine/sql/sql.js';
import { LoadError, type Location, type Warnings } from './errors.js';
import type { GeneResolver } from './genes/gene-resolver.js';
import { isTcgaNormal, normalisePatientId, normaliseSampleId } from './ids.js';
import type { MetaFile } from './study-dir.js';
import { BulkWriter } from './store/bulk-writer.js';

export interface SampleRef {
  sampleKey: number;
  patientKey: number;
}

export interface ProfileRef {
  profileKey: number;
  stableId: string; // full id: <studyId>_<stable_id>
  meta: MetaFile;
}

/** How the file summary names the rows of normal samples, which are never loaded. */
export const NORMAL_SAMPLE_ROWS = 'rows of normal samples left out';

/** What to do with a sample id that the clinical sample file did not create. */
export type UnknownSamplePolicy = 'abort' | 'skip';

export class StudyContext {
  readonly patients = new Map<string, number>();
  readonly samples = new Map<string, SampleRef>();
  readonly profiles = new Map<string, ProfileRef>();
  /** profile key → sample key → panel key (null = whole exome/genome); written at the end. */
  readonly profiled = new Map<number, Map<number, number | null>>();
  /** SAMPLE_ID cells of the clinical sample file as written (incremental case lists use them raw). */
  readonly sampleFileIds: string[] = [];
  /** Rows written per table, for the load summary. */
  readonly rowCounts = new Map<string, number>();
  private readonly nextKeys = new Map<string, number>();

  constructor(
    readonly db: Db,
    readonly genes: GeneResolver,
    readonly warnings: Warnings,
    readonly study: { key: number; id: string; referenceGenome: string },
    readonly incremental: boolean,
  ) {}

  /** `skippedRows`: data rows the warning covers (see Warnings.add). */
  warn(location: Location, message: string, skippedRows?: number): void {
    this.warnings.add(location, message, skippedRows);
  }

  /** Allocates the next integer key of `table.column` (keys are global across studies). */
  async nextKey(table: string, column: string): Promise<number> {
    const id = `${table}.${column}`;
    let next = this.nextKeys.get(id);
    if (next === undefined) {
      // table and column are constants of the calling loader, never input.
      const row = await this.db.one<{ m: number }>(sql`SELECT coalesce(max(${raw(column)}), 0)::INTEGER AS m FROM ${raw(table)}`);
      next = (row?.m ?? 0) + 1;
    }
    this.nextKeys.set(id, next + 1);
    return next;
  }

  /**
   * A writer of `table`'s rows: they go in when it finishes, and their count then joins the
   * summary. `orderBy` (a constant column list) sorts them as they go in.
   */
  async writer(table: string, orderBy?: string): Promise<BulkWriter> {
    const writer = await BulkWriter.open(this.db, table, orderBy);
    const finish = writer.finish.bind(writer);
    writer.finish = async () => {
      await finish();
      this.rowCounts.set(table, (this.rowCounts.get(table) ?? 0) + writer.rowCount);
    };
    return writer;
  }

  /**
   * The sample a data file names: TCGA-normalised; undefined for a TCGA normal (dropped) and,
   * under the 'skip' policy, for an unknown id (with a warning).
   */
  sampleOf(rawId: string, location: Location, policy: UnknownSamplePolicy): SampleRef | undefined {
    const id = normaliseSampleId(rawId);
    const ref = this.samples.get(id);
    if (ref) return ref;
    if (isTcgaNormal(id)) return undefined;
    if (policy === 'abort') throw new LoadError(location, `sample '${rawId}' is not defined in the clinical sample file`);
    this.warn(location, `sample not defined in the clinical sample file, row skipped`);
    return undefined;
  }

  /**
   * The sample of a data row (a file with one row per sample and event): as sampleOf, and a row
   * of a TCGA normal is counted as left out in the file summary.
   */
  sampleOfRow(rawId: string, location: Location, policy: UnknownSamplePolicy): SampleRef | undefined {
    const ref = this.sampleOf(rawId, location, policy);
    if (!ref && isTcgaNormal(normaliseSampleId(rawId))) this.warnings.filter(location, NORMAL_SAMPLE_ROWS, 1);
    return ref;
  }

  /** A patient named verbatim (timeline, patient-level files) or TCGA-normalised (clinical). */
  patientOf(rawId: string, normalise: boolean): number | undefined {
    return this.patients.get(normalise ? normalisePatientId(rawId) : rawId);
  }

  /** Samples of a patient, in key order (the index is rebuilt when samples were added). */
  samplesOfPatient(patientKey: number): number[] {
    if (this.byPatient?.size !== this.samples.size) {
      const index = new Map<number, number[]>();
      for (const ref of this.samples.values()) index.set(ref.patientKey, [...(index.get(ref.patientKey) ?? []), ref.sampleKey]);
      for (const keys of index.values()) keys.sort((a, b) => a - b);
      this.byPatient = { size: this.samples.size, index };
    }
    return this.byPatient.index.get(patientKey) ?? [];
  }

  private byPatient?: { size: number; index: Map<number, number[]> };

  markProfiled(profileKey: number, sampleKey: number, panelKey: number | null = null): void {
    let samples = this.profiled.get(profileKey);
    if (!samples) this.profiled.set(profileKey, (samples = new Map()));
    if (!samples.has(sampleKey) || panelKey !== null) samples.set(sampleKey, panelKey);
  }

  /** The full profile id of a stable id (study-format 5.1). */
  profileId(stableId: string): string {
    return stableId.startsWith(`${this.study.id}_`) ? stableId : `${this.study.id}_${stableId}`;
  }
}

