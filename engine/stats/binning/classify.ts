// Value classification for binning (study-view.md 5.3), as cBioPortal's DataBinner filters:
// NA (NA/NAN/N/A, any case), plain numbers, special values (`<x`, `<=x`, `>x`, `>=x`) and categories.
import { isPlainNumeric, parseDec, type Dec } from './decimal.js';

export type Operator = '<' | '<=' | '>' | '>=';

export interface SpecialValue {
  op: Operator;
  value: Dec;
}

export interface Classified {
  /** Plain numbers, in input order. */
  numbers: Dec[];
  /** `<x`, `>=x`, ... in input order. */
  specials: SpecialValue[];
  /** Everything else except NA, untrimmed, in input order. */
  categories: string[];
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

/** Splits value strings into their classes; a value numeric only after trimming (" 5") is in none. */
export function classify(values: readonly string[]): Classified {
  const out: Classified = { numbers: [], specials: [], categories: [], naCount: 0 };
  const parsed = new Map<string, Dec>(); // values repeat a lot (one string per sample)
  for (const value of values) {
    if (isPlainNumeric(value)) {
      let d = parsed.get(value);
      if (d === undefined) parsed.set(value, (d = parseDec(value)));
      out.numbers.push(d);
    }
    else if (isNA(value)) out.naCount++;
    else {
      const special = specialOf(value);
      if (special) out.specials.push(special);
      else if (!isPlainNumeric(stripOperator(value))) out.categories.push(value);
    }
  }
  return out;
}
