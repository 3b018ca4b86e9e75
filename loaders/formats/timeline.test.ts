import { describe, expect, it } from 'vitest';
import { parseDay, parseTimelineHeader } from './timeline.js';

const at = { file: 'f', line: 1 };

describe('parseTimelineHeader', () => {
  it('accepts the header with and without STOP_DATE', () => {
    expect(parseTimelineHeader(at, ['PATIENT_ID', 'START_DATE', 'STOP_DATE', 'EVENT_TYPE', 'AGENT'])).toEqual({ stopColumn: 2, eventTypeColumn: 3 });
    expect(parseTimelineHeader(at, ['PATIENT_ID', 'START_DATE', 'EVENT_TYPE'])).toEqual({ stopColumn: -1, eventTypeColumn: 2 });
  });

  it('checks names exactly and in order', () => {
    expect(() => parseTimelineHeader(at, ['patient_id', 'START_DATE', 'EVENT_TYPE'])).toThrow(/header must start with/);
    expect(() => parseTimelineHeader(at, ['PATIENT_ID', 'START_DATE', 'EVENT_TYPE', 'STOP_DATE'].reverse())).toThrow(/header must start with/);
  });
});

describe('parseDay', () => {
  it('reads integers as Long.valueOf does', () => {
    expect([parseDay('0'), parseDay('-12'), parseDay('+7')]).toEqual([0, -12, 7]);
    expect([parseDay('1.5'), parseDay(''), parseDay('NA'), parseDay('99999999999')]).toEqual([undefined, undefined, undefined, undefined]);
  });
});
