// Long synchronous work on the event loop (reading millions of values, resolving 100,000 ids) is
// cut into slices with a pause between them, in which other requests (GET /api/health among them)
// get their turn. Paused work resumes one slice per turn of the event loop, first paused first:
// were every paused task resumed in the same turn (as setImmediate does with the callbacks queued
// before it), the slices of concurrent tasks (two groups of an enrichment, the next request's body)
// would add up to one long turn that I/O waits behind.

const paused: (() => void)[] = [];

function resumeNext(): void {
  const resume = paused.shift();
  if (paused.length > 0) setImmediate(resumeNext);
  resume?.();
}

/** Resolves in a later turn of the event loop, after pending I/O and after the tasks paused before. */
export const pause = (): Promise<void> =>
  new Promise((resolve) => {
    if (paused.push(resolve) === 1) setImmediate(resumeNext);
  });
