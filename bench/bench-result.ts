// The JSON a benchmark run writes (results/<date>-<scale>.json), read back by the report.
import type { ExpressionSize } from './demo/generate-demo-study.js';
import type { Machine } from './machine.js';
import type { SqlTiming } from './sql-replay.js';
import type { FormatTiming } from './suites/answer-formats.js';
import type { BulkTiming } from './suites/bulk-answers.js';
import type { ConcurrencyRun } from './suites/concurrency.js';
import type { LoadFigures } from './suites/load.js';
import type { ReloadFigures } from './suites/reload.js';
import type { StatsTiming } from './suites/stats.js';
import type { PageTiming, StudyViewTiming } from './suites/study-view.js';

export const SUITES = ['load', 'core-api', 'study-view', 'page-after-click', 'stats', 'concurrency', 'reload'] as const;
export type SuiteName = (typeof SUITES)[number];

/** The server's peak RSS the issue allows at GENIE's size. */
export const RSS_LIMIT_MB = 4096;

export interface BenchResult {
  format: 1;
  /** ISO time the run started. */
  date: string;
  scale: number;
  seed: number;
  density: 'genie' | 'demo';
  /** Expression matrix genes × samples (absent: the generator's default, 224 × 2,000). */
  expression?: ExpressionSize;
  options: { suites: SuiteName[]; runs: number; connections: number[]; durationSeconds: number };
  machine: Machine;
  /** Seconds spent generating the study (null: a cached one was reused). */
  generatedSeconds: number | null;
  suites: {
    load?: LoadFigures;
    'core-api'?: SqlTiming[];
    /** Run with core-api: the study's mutations as JSON, gzip JSON and Arrow. */
    'answer-formats'?: FormatTiming[];
    /** Run with core-api: clinical data, whole-cohort bodies and mutations, uncompressed, with MB/s. */
    'bulk-answers'?: BulkTiming[];
    'study-view'?: StudyViewTiming[];
    /** The page after a click, each page a new filter. */
    'page-after-click'?: PageTiming[];
    stats?: StatsTiming[];
    concurrency?: ConcurrencyRun[];
    /** The demo study loaded again, then a small study added, while a server of its own serves a copy of the store. */
    reload?: ReloadFigures[];
  };
  server?: {
    /** VmHWM of the server process at the end: its peak through every HTTP suite. */
    peakRssMb: number;
    /** VmHWM after each suite (it only grows), to see which suite raised it. */
    peakRssAfterMb: Partial<Record<SuiteName, number>>;
    overLimit: boolean;
    /** DUCKPORTAL_SERVE_MEMORY_LIMIT (null: the server's default). */
    memoryLimit: string | null;
  };
  /** Wall time per suite, and of the whole run. */
  suiteSeconds: Partial<Record<SuiteName, number>>;
  seconds: number;
}

export const resultName = (r: Pick<BenchResult, 'date' | 'scale'>) => `${r.date.slice(0, 10)}-${r.scale}`;

