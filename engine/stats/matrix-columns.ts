// Columns of a resident profile matrix (engine/resident/profile-matrix.ts) that a request selects.

/** Whether `columns` holds each of 0 … columnCount − 1 exactly once (every sample, none twice). */
export function holdsEachColumnOnce(columns: ArrayLike<number>, columnCount: number): boolean {
  if (columns.length !== columnCount) return false;
  const seen = new Uint8Array(columnCount);
  for (let i = 0; i < columns.length; i++) {
    const c = columns[i];
    if (c < 0 || seen[c] === 1) return false;
    seen[c] = 1;
  }
  return true;
}
