// This server's bounds on what one client may make it store (issue 21), which cBioPortal's session
// service lacks: a virtual study's or a session's JSON too large (413), one too many for its owner
// (409), each message naming the property that sets the bound.

/** Refused before it is evaluated or stored: its JSON is too large. */
export class TooLarge extends Error {
  readonly statusCode = 413;
}

/**
 * Refused when its owner stores the most allowed. 409 Conflict: the request conflicts with the
 * state of what the owner keeps, and the owner can resolve it and send it again (RFC 9110 15.5.10);
 * 429 would say that waiting helps, 403 that the caller may never save, and 507 is a server fault.
 */
export class TooMany extends Error {
  readonly statusCode = 409;
}

/** `data`'s JSON is at most `max` bytes (the `property`), else TooLarge. */
export function checkJsonSize(data: unknown, max: number, what: string, property: string): void {
  const bytes = Buffer.byteLength(JSON.stringify(data));
  if (bytes > max) throw new TooLarge(`${what} may take at most ${max} bytes of JSON (${property}); this one takes ${bytes}.`);
}

/** Who has reached a count bound: callers without login on an open instance are one owner. */
export const ownerPhrase = (anonymous: boolean) => (anonymous ? 'Callers without login share one owner here, which has' : 'You have');
