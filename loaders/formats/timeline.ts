// Timeline files (study-format 19): one clinical event per row, the columns after EVENT_TYPE as
// key/value attributes. Mirrors ImportTimelineData: positional header, verbatim patient ids,
// unknown patients skipped, incremental loads first delete every event of the file's patients.
import { sql } from '../../engine/sql/sql.js';
import type { StudyContext } from '../context.js';
import { LoadError, type Location } from '../errors.js';
import { dataFilePath } from '../study-dir.js';
import { TsvFile } from '../text/tsv.js';
import type { FormatLoader } from './format-loader.js';

export interface TimelineLayout {
  /** Column of STOP_DATE, or -1 for files without it. */
  stopColumn: number;
  eventTypeColumn: number;
}

/** `PATIENT_ID START_DATE [STOP_DATE] EVENT_TYPE ...`, names exact, in this order. */
export function parseTimelineHeader(at: Location, columns: readonly string[]): TimelineLayout {
  if (columns[0] === 'PATIENT_ID' && columns[1] === 'START_DATE') {
    if (columns[2] === 'STOP_DATE' && columns[3] === 'EVENT_TYPE') return { stopColumn: 2, eventTypeColumn: 3 };
    if (columns[2] === 'EVENT_TYPE') return { stopColumn: -1, eventTypeColumn: 2 };
  }
  throw new LoadError(at, 'the header must start with PATIENT_ID, START_DATE, STOP_DATE, EVENT_TYPE (or PATIENT_ID, START_DATE, EVENT_TYPE)');
}

const INTEGER = /^[+-]?\d+$/;

/** Days as the importer's Long.valueOf reads them; anything else aborts the load. */
export function parseDay(text: string): number | undefined {
  if (!INTEGER.test(text)) return undefined;
  const day = Number(text);
  return Math.abs(day) <= 2 ** 31 - 1 ? day : undefined;
}

export const loadTimeline: FormatLoader = async (ctx, meta) => {
  const path = dataFilePath(meta);
  if (ctx.incremental) await deleteEventsOfFilePatients(ctx, path);
  const tsv = new TsvFile(path, { allowShortRows: true, allowLongRows: true, skipCommentRows: true });
  const { columns, lineNo: headerLine } = await tsv.readHeader();
  const { stopColumn, eventTypeColumn } = parseTimelineHeader({ file: path, line: headerLine }, columns);
  const events = await ctx.writer('clinical_event');
  const data = await ctx.writer('clinical_event_data');
  try {
    for await (const batch of tsv.rowBatches()) {
      for (const { cells, lineNo } of batch) {
        // Upstream splits the trimmed line, which drops trailing empty cells.
        let length = cells.length;
        while (length > 0 && cells[length - 1] === '') length--;
        if (length > columns.length) {
          ctx.warn({ file: path, line: lineNo }, 'line has more fields than the header; skipped');
          continue;
        }
        const patientKey = ctx.patientOf(cells[0], false);
        if (patientKey === undefined) {
          ctx.warn({ file: path, line: lineNo }, 'patient not defined in the study; event skipped');
          continue;
        }
        if (length <= eventTypeColumn) throw new LoadError({ file: path, line: lineNo, column: 'EVENT_TYPE' }, 'missing EVENT_TYPE');
        const start = parseDay(cells[1]);
        if (start === undefined) throw new LoadError({ file: path, line: lineNo, column: 'START_DATE' }, `START_DATE '${cells[1]}' is not an integer`);
        const stopText = stopColumn < 0 ? '' : cells[stopColumn];
        const stop = stopText === '' ? null : parseDay(stopText);
        if (stop === undefined) throw new LoadError({ file: path, line: lineNo, column: 'STOP_DATE' }, `STOP_DATE '${stopText}' is not an integer`);
        const eventKey = await ctx.nextKey('clinical_event', 'event_key');
        events.add({ event_key: eventKey, study_key: ctx.study.key, patient_key: patientKey, start_date: start, stop_date: stop, event_type: cells[eventTypeColumn] });
        for (let i = eventTypeColumn + 1; i < length; i++) {
          if (cells[i] !== '') data.add({ study_key: ctx.study.key, event_key: eventKey, key: columns[i], value: cells[i] });
        }
      }
    }
    await events.finish();
    await data.finish();
  } finally {
    events.discard();
    data.discard();
  }
};

/**
 * Incremental loads replace a patient's whole timeline (every event type, events of earlier
 * files of the same directory included, as upstream), so the file is read once for its patients.
 */
async function deleteEventsOfFilePatients(ctx: StudyContext, path: string): Promise<void> {
  const tsv = new TsvFile(path, { allowShortRows: true, allowLongRows: true, skipCommentRows: true });
  await tsv.readHeader();
  const patients = new Set<number>();
  for await (const batch of tsv.rowBatches()) {
    for (const { cells } of batch) {
      const patientKey = ctx.patientOf(cells[0], false);
      if (patientKey !== undefined) patients.add(patientKey);
    }
  }
  const keys = [...patients];
  await ctx.db.run(sql`DELETE FROM clinical_event_data WHERE event_key IN
    (SELECT event_key FROM clinical_event WHERE patient_key IN (SELECT unnest(${keys}::INTEGER[])))`);
  await ctx.db.run(sql`DELETE FROM clinical_event WHERE patient_key IN (SELECT unnest(${keys}::INTEGER[]))`);
}
