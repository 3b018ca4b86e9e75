// Compact text for bins, for tests and debugging: `≤25:5`, `(25,30]:1`, `[3,3]:1`, `>70:2`, `NA:1`.
import { toNumber, type Dec } from './decimal.js';

interface AnyBin {
  specialValue?: string;
  start?: number | Dec;
  end?: number | Dec;
  count: number;
}

const num = (v: number | Dec | undefined): string => (v === undefined ? '?' : String(typeof v === 'number' ? v : toNumber(v)));

export function describeBin(bin: AnyBin): string {
  const { specialValue: sv, start, end, count } = bin;
  if (sv === '<=' && start === undefined) return `≤${num(end)}:${count}`;
  if (sv === '>' && end === undefined) return `>${num(start)}:${count}`;
  if (sv !== undefined) return `${sv}:${count}`;
  if (num(start) === num(end)) return `[${num(start)},${num(end)}]:${count}`;
  return `(${num(start)},${num(end)}]:${count}`;
}

export const describeBins = (bins: readonly AnyBin[]): string => bins.map(describeBin).join(', ');
