// Counts skipped MAF rows per reason so that a large file yields one warning per reason
// (with the first line and an example) instead of one per row.
import { NORMAL_SAMPLE_ROWS, type StudyContext } from '../../context.js';

/** Reasons that are normal filtering, not problems: counted in the file summary, never warned about. */
const FILTERED: Record<string, (example: string) => string> = {
  filtered: (verdict) => `${verdict.replace(/^classification /, '')} mutations filtered`,
  'normal-sample': () => NORMAL_SAMPLE_ROWS,
  intergenic: () => 'intergenic rows left out (Hugo_Symbol Unknown)',
};

const MESSAGES: Record<string, string> = {
  'Validation_Status Wildtype': 'Validation_Status Wildtype',
  chromosome: 'chromosome not 1-24, X, Y, MT or NA',
  RNA: 'Variant_Classification RNA',
  'invalid-entrez': 'Entrez_Gene_Id is not a non-negative integer',
  'unknown-entrez': 'Entrez_Gene_Id not in the gene table',
  unresolved: 'gene symbol unknown or ambiguous',
};

export class SkipTally {
  private readonly reasons = new Map<string, { reason: string; count: number; line: number; example: string }>();

  add(reason: string, line: number, example: string): void {
    // Filtered rows are counted per filter verdict ("Silent", "Intron"), the others per reason.
    const key = reason === 'filtered' ? `${reason}\u0000${example}` : reason;
    const entry = this.reasons.get(key);
    if (entry) entry.count++;
    else this.reasons.set(key, { reason, count: 1, line, example });
  }

  report(ctx: StudyContext, file: string): void {
    for (const { reason, count, line, example } of this.reasons.values()) {
      const filtered = FILTERED[reason];
      if (filtered) ctx.warnings.filter({ file, line }, filtered(example), count);
      else ctx.warn({ file, line }, `${count} row(s) skipped: ${MESSAGES[reason] ?? reason} (first: ${example})`, count);
    }
  }
}
