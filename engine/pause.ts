// Long synchronous work on the event loop (reading millions of values, resolving 100,000 ids) is
// cut into slices with a pause between them, in which other requests (GET /api/health among them)
// get their turn.

/** Resolves on the next turn of the event loop, after pending I/O. */
export const pause = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
