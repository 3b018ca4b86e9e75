// Values stored in another form than written, or not stored, where the reference importer does the
// same without a word (study-format 3.4): counted per column and rule, so that a large file yields
// one warning each, naming the first line and value, instead of one per cell.
import type { StudyContext } from './context.js';

export class CoercedValues {
  private readonly byRule = new Map<string, { column: string; rule: string; count: number; line: number; value: string }>();

  /** `rule` says what was found and what became of it, e.g. "not an integer: stored as 0". */
  add(column: string, rule: string, line: number, value: string): void {
    const key = `${column}\u0000${rule}`;
    const entry = this.byRule.get(key);
    if (entry) entry.count++;
    else this.byRule.set(key, { column, rule, count: 1, line, value });
  }

  report(ctx: StudyContext, file: string): void {
    for (const { column, rule, count, line, value } of this.byRule.values())
      ctx.warn({ file, line, column }, `${count} ${column} value(s) ${rule} (first: '${value}')`);
  }
}
