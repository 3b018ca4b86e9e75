// Value classification for binning (study-view.md 5.3), as cBioPortal's DataBinner filters:
// NA (NA/NAN/N/A, any case), plain numbers, special values (`<x`, `<=x`, `>x`, `>=x`) and categories.
import { isPlainNumeric, parseDec, type Dec } from './decimal.js';
import type { Counted } from './sorted-runs.js';

export type Operator = '<' | '<=' | '>' | '>=';

export interface SpecialValue {
  op: Operator;
  value: Dec;
}

export interface Classified {
  /** Plain numbers, one object per distinct string with its cases, in first-seen order. */
  numbers: Counted<Dec>[];
  /** `<x`, `>=x`, ... one per case, in input order. */
  specials: SpecialValue[];
  /** Everything else except NA, untrimmed, with its cases, in input order. */
  categories: Counted<string>[];
  naCount: number;
}

export const isNA = (value: string): boolean => /^(na|nan|n\/a)$/i.test(value);

/** The operator of a trimmed value: the longest of `>=`, `<=`, `>`, `<` it starts with. */
export function operatorOf(value: string): Operator | '' {
  const t = value.trim();
  if (t.startsWith('>=') || t.startsWith('<=')) return t.slice(0, 2) as Operator;
  if (t.startsWith('>') || t.startsWith('<')) return t.slice(0, 1) as Operator;
  return '';
}

/** The trimmed value without its operator (the rest is not trimmed again: `> 80` gives ` 80`). */
export const stripOperator = (value: string): string => value.trim().slice(operatorOf(value).length);

export function specialOf(value: string): SpecialValue | undefined {
  const op = operatorOf(value);
  const rest = stripOperator(value);
  return op !== '' && isPlainNumeric(rest) ? { op, value: parseDec(rest) } : undefined;
}

type Class = { number: Dec } | { special: SpecialValue } | 'category' | 'NA' | 'none';

function classOf(value: string): Class {
  if (isPlainNumeric(value)) return { number: parseDec(value) };
  if (isNA(value)) return 'NA';
  const special = specialOf(value);
  if (special) return { special };
  return isPlainNumeric(stripOperator(value)) ? 'none' : 'category';
}

/**
 * A value string and how many cases (samples or patients) have it: the binner's input, as the
 * count queries give it. Every algorithm reads it as the value repeated `count` times.
 */
export interface CountedValue {
  value: string;
  count: number;
}

/** Each string once (tests and callers holding one string per case). */
export const counted = (values: readonly string[]): CountedValue[] => values.map((value) => ({ value, count: 1 }));

/** The number of cases. */
export const caseCount = (values: readonly CountedValue[]): number => values.reduce((n, v) => n + v.count, 0);

/**
 * The class of each value string seen lately (its Dec objects are never changed): histograms of
 * one attribute are asked for again and again, and parsing tens of thousands of distinct values
 * (survival months, say) to exact decimals each time took most of the binning.
 */
const classes = new Map<string, Class>();
const CLASSES_KEPT = 200_000;

/** The classes of each list (STATIC bins and recounts one list when no filter narrows it). */
const classified = new WeakMap<readonly CountedValue[], Classified>();

/**
 * Splits values into their classes; a value numeric only after trimming (" 5") is in none. Each
 * distinct string is classified once; its number is one object, counted once with all its cases.
 * The answer is shared: callers do not change it.
 */
export function classify(values: readonly CountedValue[]): Classified {
  let out = classified.get(values);
  if (out === undefined) classified.set(values, (out = classifyList(values)));
  return out;
}

function classifyList(values: readonly CountedValue[]): Classified {
  const out: Classified = { numbers: [], specials: [], categories: [], naCount: 0 };
  const numberOf = new Map<Dec, Counted<Dec>>();
  for (const { value, count } of values) {
    let c = classes.get(value);
    if (c === undefined) {
      if (classes.size >= CLASSES_KEPT) classes.clear();
      classes.set(value, (c = classOf(value)));
    }
    if (c === 'NA') out.naCount += count;
    else if (c === 'category') out.categories.push({ value, n: count });
    else if (c === 'none') continue;
    else if ('number' in c) {
      const counted = numberOf.get(c.number);
      if (counted !== undefined) counted.n += count;
      else {
        numberOf.set(c.number, { value: c.number, n: count });
        out.numbers.push(numberOf.get(c.number)!);
      }
    } else for (let i = 0; i < count; i++) out.specials.push(c.special);
  }
  return out;
}
