// This server's bounds on the sessions one client may make it keep (duckportal.sessions.*), which
// cBioPortal's session service lacks (its MongoDB caps one document at 16 MB). Answered as the
// virtual study bounds are: 413 for a session too large, 409 for one too many.
import type { FastifyInstance, FastifyRequest } from 'fastify';

export class SessionTooLarge extends Error {
  readonly statusCode = 413;
}

/** 409 Conflict: the owner can resolve it (by deleting sessions) and send it again. */
export class TooManySessions extends Error {
  readonly statusCode = 409;
}

/** The stored JSON of a session is at most duckportal.sessions.max_kb (the routes' bodyLimit bounds its body). */
export function checkSessionSize(app: FastifyInstance, data: unknown): void {
  const max = app.limits.sessions.maxBytes;
  const bytes = Buffer.byteLength(JSON.stringify(data));
  if (bytes > max) throw new SessionTooLarge(`A session may take at most ${max} bytes of JSON (duckportal.sessions.max_kb); this one takes ${bytes}.`);
}

export function tooManySessions(app: FastifyInstance, request: FastifyRequest): TooManySessions {
  const max = app.limits.sessions.maxPerUser;
  const who = request.caller.user === undefined ? 'Callers without login share one owner here, which has' : 'You have';
  return new TooManySessions(`${who} stored ${max} sessions, the most one user may keep (duckportal.sessions.max_per_user).`);
}
