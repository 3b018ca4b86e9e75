// cBioPortal's session types (Session.SessionType) and the rules of each: what is stored, which
// studies a caller must be allowed to read to store or read it, who may read it, whose lists hold
// it, and how it is answered. Virtual studies have their own store and routes (routes/virtual-studies.ts).
import { randomBytes } from 'node:crypto';
import type { JsonObject } from '../filter-holders.js';
import { comparisonData, customData, geneListData, groupData, type Author } from './session-payloads.js';

/** A session id: the session service's 24-hex object ids (96 random bits: a link is the capability to read it). */
export const newSessionId = () => randomBytes(12).toString('hex');

export const SESSION_TYPES = ['main_session', 'virtual_study', 'group', 'comparison_session', 'settings', 'custom_data', 'genomic_chart', 'custom_gene_list'] as const;
export type SessionType = (typeof SESSION_TYPES)[number];

/** Types read by GET /session/{type}/{id} here (a virtual study's read is its own route). */
export const READ_TYPES = SESSION_TYPES.filter((t) => t !== 'virtual_study');
/** Types stored by POST /session/{type} (virtual studies and settings have routes of their own). */
export const CREATED_TYPES = SESSION_TYPES.filter((t) => t !== 'virtual_study' && t !== 'settings');
/** Types kept in users' lists (cBioPortal's `data.users`, changed by /session/{type}/{add|delete}/{id}). */
export const LISTED_TYPES = ['virtual_study', 'group', 'custom_data', 'custom_gene_list'] as const;

export interface SessionRule {
  /** The data stored from a request body; throws InvalidRequest when its model cannot read it. */
  dataOf(body: JsonObject, author: Author): JsonObject;
  /** The studies its data is about: a caller must be allowed to read each to store or read it. */
  studiesOf(data: JsonObject): string[];
  /** The studies it is fetched by (groups/fetch, custom_data/fetch: exactly these). */
  originOf?(data: JsonObject): string[];
  /** Readable by its owner or the users of its list only, and stored by logged-in callers only. */
  personal: boolean;
  /** Put in its owner's list when stored by a logged-in caller (the `users` cBioPortal sets). */
  listed: boolean;
  /** Answered with its `users` (the lists holding it) in its data, as cBioPortal stores them. */
  answersUsers: boolean;
  /** Identical data answers the stored session's id (the session service's checksum; owner-less types only). */
  deduplicated: boolean;
  /** Answered as a Session (with `source` and `type`), not as one of the models that hide them. */
  withSource: boolean;
}

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);
const idsOf = (value: unknown): string[] => (Array.isArray(value) ? value.map((s: { id?: unknown } | null) => s?.id).filter((id): id is string => typeof id === 'string') : []);
const distinct = (ids: string[]) => [...new Set(ids)];

/** A Results View query's studies: its cancer_study_list (comma-separated), or the legacy cancer_study_id. */
function queriedStudies(data: JsonObject): string[] {
  const list = data.cancer_study_list ?? data.cancer_study_id;
  return typeof list === 'string' ? distinct(list.split(',').map((id) => id.trim()).filter((id) => id !== '')) : [];
}

const asIs = (body: JsonObject) => body;

const shared = { personal: false, listed: false, answersUsers: false, deduplicated: true, withSource: true };

export const SESSION_RULES: Record<Exclude<SessionType, 'virtual_study'>, SessionRule> = {
  main_session: { ...shared, dataOf: asIs, studiesOf: queriedStudies },
  comparison_session: {
    ...shared, dataOf: comparisonData,
    studiesOf: (data) => distinct([...strings(data.origin), ...(data.groups as JsonObject[]).flatMap((g) => idsOf(g.studies))]),
  },
  genomic_chart: { ...shared, dataOf: asIs, studiesOf: (data) => strings(data.origin) },
  group: {
    ...shared, dataOf: groupData, deduplicated: false, listed: true, answersUsers: true,
    studiesOf: (data) => distinct([...strings(data.origin), ...idsOf(data.studies)]), originOf: (data) => strings(data.origin),
  },
  custom_data: {
    ...shared, dataOf: customData, deduplicated: false, listed: true, answersUsers: true, withSource: false,
    studiesOf: (data) => distinct([...strings(data.origin), ...(data.data as { studyId: string }[]).map((v) => v.studyId)]), originOf: (data) => strings(data.origin),
  },
  custom_gene_list: {
    ...shared, dataOf: geneListData, deduplicated: false, personal: true, listed: true, answersUsers: true, withSource: false, studiesOf: () => [],
  },
  // Stored and updated by POST /session/settings only (settingsData), one per owner, page and origin.
  settings: {
    ...shared, dataOf: asIs, deduplicated: false, personal: true, withSource: false, studiesOf: () => [], originOf: (data) => strings(data.origin),
  },
};
