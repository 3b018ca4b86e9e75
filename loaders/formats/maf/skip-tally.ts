// Counts skipped MAF rows per reason so that a large file yields one warning per reason
// (with the first line and an example) instead of one per row.
import type { StudyContext } from '../../context.js';

/** Reasons that are normal filtering, not problems: counted, never warned about. */
const SILENT = new Set(['filtered', 'normal-sample', 'intergenic']);

const MESSAGES: Record<string, string> = {
  'Validation_Status Wildtype': 'Validation_Status Wildtype',
  chromosome: 'chromosome not 1-24, X, Y, MT or NA',
  RNA: 'Variant_Classification RNA',
  'invalid-entrez': 'Entrez_Gene_Id is not a non-negative integer',
  'unknown-entrez': 'Entrez_Gene_Id not in the gene table',
  unresolved: 'gene symbol unknown or ambiguous',
};

export class SkipTally {
  private readonly reasons = new Map<string, { count: number; line: number; example: string }>();

  add(reason: string, line: number, example: string): void {
    const entry = this.reasons.get(reason);
    if (entry) entry.count++;
    else this.reasons.set(reason, { count: 1, line, example });
  }

  count(reason: string): number {
    return this.reasons.get(reason)?.count ?? 0;
  }

  report(ctx: StudyContext, file: string): void {
    for (const [reason, { count, line, example }] of this.reasons) {
      if (SILENT.has(reason)) continue;
      ctx.warn({ file, line }, `${count} row(s) skipped: ${MESSAGES[reason] ?? reason} (first: ${example})`);
    }
  }
}
