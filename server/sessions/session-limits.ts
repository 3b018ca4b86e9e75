// This server's bounds on the sessions one client may make it keep (duckportal.sessions.*; MongoDB
// caps a document of cBioPortal's session service at 16 MB): 413 for a session too large, 409 for
// one too many, as the virtual study bounds.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { checkJsonSize, TooMany } from '../storage-bounds.js';

/** The stored JSON of a session is at most duckportal.sessions.max_kb (the routes' bodyLimit bounds its body). */
export function checkSessionSize(app: FastifyInstance, data: unknown): void {
  checkJsonSize(data, app.limits.sessions.maxBytes, 'A session', 'duckportal.sessions.max_kb');
}

export function tooManySessions(app: FastifyInstance, request: FastifyRequest): TooMany {
  const max = app.limits.sessions.maxPerUser;
  // Without login the count is the client address's (quotaOwnerOf).
  const who = request.caller.user === undefined ? 'Callers without login from your address have' : 'You have';
  return new TooMany(`${who} stored ${max} sessions, the most one user may keep (duckportal.sessions.max_per_user).`);
}
