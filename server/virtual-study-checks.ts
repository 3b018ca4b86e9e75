// The checks a VirtualStudyData passes before it is stored (api.md 27.2), with cBioPortal's
// messages: its bean validation (VirtualStudyDataValidator and the field constraints), then
// VirtualStudyService's (the filter selects samples, the cancer type exists); and this server's
// bounds on what one client may make it keep (issue 21), which cBioPortal's session service lacks.
import type { FastifyInstance } from 'fastify';
import { InvalidRequest } from '../engine/errors.js';
import { sql } from '../engine/sql/sql.js';
import { checkJsonSize, ownerPhrase, TooMany } from './storage-bounds.js';
import { membersOf, type VirtualStudyData } from './virtual-studies.js';

const SCHEMA_LINK = 'See https://docs.cbioportal.org/virtual-study-data-schema/#virtual-study-json-schema';

/** The bean validation, reported as `<property> <text>`; in the reference it runs before the publisher key is looked at. */
export function checkShape(data: VirtualStudyData): void {
  const fail = (property: string, text: string) => {
    throw new InvalidRequest(`${property} ${text} ${SCHEMA_LINK}`);
  };
  if (!data.name?.trim()) fail('name', 'Virtual study name cannot be null or blank. Check that you are passing virtual study data only (data field content) and not the whole session object (with _id).');
  if (!data.studies?.length) fail('studies', 'Virtual study must contain at least one study with samples.');
  if (data.studies!.some((s) => !s.id?.trim())) fail('studies[].id', 'Each study in virtual study must have a non-null and non-blank id.');
  if (data.dynamic === true && !data.studyViewFilter) fail('studyViewFilter', 'Virtual study with dynamic=true must have a defined study view filter.');
  if (data.dynamic !== true && data.studies!.some((s) => !s.samples?.length)) fail('studies', 'Static virtual study (dynamic=false) must contain at least one sample in each study.');
}

/**
 * The filter selects samples (the reference evaluates it for a static study too, and refuses one
 * without it; a static study without a filter is accepted here when some listed sample exists,
 * as api.md 27.2 recommends); a given cancer type exists.
 */
export async function checkResolvable(app: FastifyInstance, data: VirtualStudyData): Promise<void> {
  // Any failure of the filter (an unknown profile, a malformed block) is "not valid", as in the reference.
  const members = data.studyViewFilter ? await membersOf(app, { ...data, dynamic: true }).catch(() => []) : await membersOf(app, data);
  if (members.length === 0) throw new InvalidRequest(`The provided virtual study data is not valid. Check that the filters are correct and that the studies and samples you are referring to in virtual study data exist in the system. ${SCHEMA_LINK}`);
  if (data.typeOfCancerId !== undefined) await checkCancerType(app, data.typeOfCancerId);
}

export async function checkCancerType(app: FastifyInstance, id: string): Promise<void> {
  const row = await app.db.one(sql`SELECT 1 FROM type_of_cancer WHERE type_of_cancer_id = ${id}`);
  if (!row) throw new InvalidRequest(`The cancer type is not valid: ${id}`);
}

/** The stored JSON of a virtual study is at most duckportal.virtual_studies.max_kb (the route's bodyLimit bounds its body). */
export function checkSize(app: FastifyInstance, data: VirtualStudyData): void {
  checkJsonSize(data, app.limits.virtualStudies.maxBytes, 'A virtual study', 'duckportal.virtual_studies.max_kb');
}

/** The answer to a save beyond duckportal.virtual_studies.max_per_user. */
export function tooManyVirtualStudies(max: number, anonymous: boolean): TooMany {
  return new TooMany(`${ownerPhrase(anonymous)} saved ${max} virtual studies, the most one user may keep (duckportal.virtual_studies.max_per_user). `
    + 'Delete old ones with GET /api/session/virtual_study/delete/{id}, then save again.');
}
