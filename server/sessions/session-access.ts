// Who may store, read and list sessions. On a login-required instance a session is about studies
// (its origin, its groups' or values' studies): storing or reading it needs each of them readable
// (403 otherwise, as virtual studies); settings and gene lists are personal, readable by their
// owner or the users of their list only (403). Sessions are otherwise shared by their 96-bit id, as
// cBioPortal shares Results View, comparison, group and custom chart links. What cBioPortal keeps
// per user (settings, the lists, gene lists) needs a logged-in user: on a login-free instance it
// refuses it (503 from its controller); here 403, since no login can make it succeed.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Forbidden } from '../security/security-errors.js';
import { allReadable } from '../plugins/security.js';

/** Who owns what a caller stores: the anonymous user of an open instance is one owner. */
export const ownerOf = (request: FastifyRequest) => request.caller.user ?? 'anonymous';

/**
 * Whom a stored session counts against (duckportal.sessions.max_per_user): the logged-in user, or,
 * without login, the client's address. A public portal's visitors store Results View queries and
 * comparisons all day: one quota for all of them would refuse every visitor once it was reached.
 * Only the count uses it; the data keeps `ownerOf`.
 */
export const quotaOwnerOf = (request: FastifyRequest) => request.caller.user ?? `anonymous@${request.ip}`;

/** The logged-in caller's name; 403 without one (login-free instances). */
export function requireUser(request: FastifyRequest, what: string): string {
  const { user } = request.caller;
  if (user === undefined) throw new Forbidden(`${what} needs a logged-in user, as cBioPortal keeps it per user; this instance has no login (authenticate=false)`);
  return user;
}

/** True when the caller may read every study of `studyIds` (a virtual study: every study it is built from). */
export async function mayReadStudies(app: FastifyInstance, request: FastifyRequest, studyIds: readonly string[]): Promise<boolean> {
  const { access } = request.caller;
  if (!access.restricted) return true;
  const refs = { studies: new Set(studyIds), profiles: new Set<string>(), sampleLists: new Set<string>() };
  return allReadable(refs, access, await app.security.catalog(), await app.security.state.snapshot());
}

export async function checkStudiesReadable(app: FastifyInstance, request: FastifyRequest, studyIds: readonly string[]): Promise<void> {
  if (!(await mayReadStudies(app, request, studyIds))) throw new Forbidden();
}

/** A personal session is its owner's and its users' (compared without case, as cBioPortal matches users). */
export function checkPersonal(request: FastifyRequest, owner: string, users: readonly string[]): void {
  const user = request.caller.user?.toLowerCase();
  if (user === undefined || ![owner, ...users].some((u) => u.toLowerCase() === user)) throw new Forbidden();
}
