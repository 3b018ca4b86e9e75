// The objects of a parsed request body that pass a test (StudyViewFilters holding studyIds or
// sampleIdentifiers, say), found without descending into those lists or a custom dataset's
// samples: a Study View body may list 272,000 sample identifiers, and as many custom values.

export type JsonObject = Record<string, unknown>;

/** The keys whose values are not descended into: lists of ids (of studies, samples, patients) or of custom values. */
export const UNWALKED: ReadonlySet<string> = new Set(['studyIds', 'sampleIdentifiers', 'samples', 'patientIdentifiers']);

export function objectsWhere(body: unknown, test: (object: JsonObject) => boolean): JsonObject[] {
  const found: JsonObject[] = [];
  // A stack, not recursion: a body may nest 10,000 deep. for-in: bodies are walked on every request.
  const pending: unknown[] = [body];
  while (pending.length > 0) {
    const value = pending.pop();
    if (Array.isArray(value)) {
      for (const item of value) if (typeof item === 'object' && item !== null) pending.push(item);
    } else if (typeof value === 'object' && value !== null) {
      const object = value as JsonObject;
      if (test(object)) found.push(object);
      for (const key in object) if (!UNWALKED.has(key)) pending.push(object[key]);
    }
  }
  return found;
}
