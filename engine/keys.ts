// cBioPortal's uniqueSampleKey / uniquePatientKey (api.md 1.6): base64 (standard alphabet,
// padding removed) of "<id>:<studyId>".

export function uniqueKey(id: string | null | undefined, studyId: string | null | undefined): string {
  // The reference encodes a missing id as the text "null".
  return Buffer.from(`${id ?? 'null'}:${studyId ?? 'null'}`, 'utf8').toString('base64').replace(/=+$/, '');
}

/** Decodes keys into [id, studyId]; keys that do not split into exactly two parts are ignored. */
export function decodeUniqueKeys(keys: readonly string[]): { id: string; studyId: string }[] {
  const out: { id: string; studyId: string }[] = [];
  for (const key of keys) {
    const parts = Buffer.from(key, 'base64').toString('utf8').split(':');
    if (parts.length === 2) out.push({ id: parts[0], studyId: parts[1] });
  }
  return out;
}
