// The data each session type stores, built from a request body as cBioPortal's SessionServiceController
// builds it (its models, read with Jackson: unknown fields dropped, defaults added: owner, origin,
// created, lastUpdated). A body that its model cannot read is refused (cBioPortal: 400): fields of
// the wrong type, and here also what the front end always sends and our use of the session needs
// (a group's studies, a custom chart's values with their samples, a comparison's groups).
import { InvalidRequest } from '../../engine/errors.js';
import type { JsonObject } from '../filter-holders.js';

/** Who stores it and when (epoch ms). */
export interface Author {
  owner: string;
  now: number;
}

const fail = (field: string, text: string): never => {
  throw new InvalidRequest(`${field} ${text}`);
};

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Jackson's default bound on nesting (StreamReadConstraints), which cBioPortal's reading of a body applies. */
const MAX_NESTING = 1000;

/** A body nested deeper than cBioPortal reads is refused (and JSON.stringify would overflow the stack on it). */
export function checkNesting(body: unknown): void {
  const pending: [unknown, number][] = [[body, 1]];
  while (pending.length > 0) {
    const [value, depth] = pending.pop()!;
    if (typeof value !== 'object' || value === null) continue;
    if (depth > MAX_NESTING) throw new InvalidRequest(`The request payload nests deeper than ${MAX_NESTING} levels`);
    for (const item of Object.values(value)) if (typeof item === 'object' && item !== null) pending.push([item, depth + 1]);
  }
}

export function objectOf(value: unknown, field: string): JsonObject {
  return isObject(value) ? value : fail(field, 'must be a JSON object');
}

/** A string field; Jackson also reads a number or boolean as its text. */
function text(value: unknown, field: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return fail(field, 'must be a string');
}

const requiredText = (value: unknown, field: string) => text(value, field) ?? fail(field, 'must not be null');

function texts(value: unknown, field: string): string[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value)) return fail(field, 'must be an array of strings');
  return value.map((v, i) => requiredText(v, `${field}[${i}]`));
}

function objects(value: unknown, field: string): JsonObject[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value)) return fail(field, 'must be an array of objects');
  return value.map((v, i) => objectOf(v, `${field}[${i}]`));
}

function flag(value: unknown, field: string): boolean | undefined {
  if (value === undefined || value === null) return undefined;
  return typeof value === 'boolean' ? value : fail(field, 'must be true or false');
}

function time(value: unknown, field: string, now: number): number {
  if (value === undefined || value === null) return now;
  return typeof value === 'number' && Number.isSafeInteger(value) ? value : fail(field, 'must be a time in epoch milliseconds');
}

/** The fields given, nulls and absent ones dropped (cBioPortal's stored JSON omits them). */
function defined(object: JsonObject): JsonObject {
  return Object.fromEntries(Object.entries(object).filter(([, v]) => v !== undefined && v !== null));
}

/** `{id, samples}` of each study (VirtualStudySamples: other fields are dropped). */
function studySamples(value: unknown, field: string): { id: string; samples: string[] }[] {
  const studies = objects(value, field) ?? fail(field, 'must list at least one study');
  if (studies.length === 0) fail(field, 'must list at least one study');
  return studies.map((s, i) => ({ id: requiredText(s.id, `${field}[${i}].id`), samples: texts(s.samples, `${field}[${i}].samples`) ?? [] }));
}

/** A group (VirtualStudyData without a filter's use): its origin defaults to its studies. */
export function groupData(body: JsonObject, author: Author): JsonObject {
  const studies = studySamples(body.studies, 'studies');
  const origin = texts(body.origin, 'origin');
  return defined({
    name: text(body.name, 'name'), description: text(body.description, 'description'), studies,
    studyViewFilter: body.studyViewFilter === undefined || body.studyViewFilter === null ? undefined : objectOf(body.studyViewFilter, 'studyViewFilter'),
    version: 1, owner: author.owner,
    origin: origin?.length ? [...new Set(origin)] : [...new Set(studies.map((s) => s.id))],
    created: time(body.created, 'created', author.now), lastUpdated: time(body.lastUpdated, 'lastUpdated', author.now),
    typeOfCancerId: text(body.typeOfCancerId, 'typeOfCancerId'), pmid: text(body.pmid, 'pmid'), dynamic: flag(body.dynamic, 'dynamic'),
  });
}

/** A custom chart (CustomAttributeWithData): one value per sample of its studies. */
export function customData(body: JsonObject, author: Author): JsonObject {
  const values = objects(body.data, 'data') ?? fail('data', 'must list the values of the chart');
  return defined({
    owner: author.owner, origin: [...new Set(texts(body.origin, 'origin') ?? [])],
    created: time(body.created, 'created', author.now), lastUpdated: time(body.lastUpdated, 'lastUpdated', author.now),
    displayName: requiredText(body.displayName, 'displayName'), description: text(body.description, 'description'),
    datatype: text(body.datatype, 'datatype'),
    patientAttribute: flag(body.patientAttribute, 'patientAttribute') ?? fail('patientAttribute', 'must not be null'),
    priority: text(body.priority, 'priority'),
    data: values.map((v, i) => defined({
      // The front end's Study View sends values without patientId (StudyViewPageStore): optional.
      sampleId: requiredText(v.sampleId, `data[${i}].sampleId`), patientId: text(v.patientId, `data[${i}].patientId`),
      studyId: requiredText(v.studyId, `data[${i}].studyId`), value: text(v.value, `data[${i}].value`),
    })),
  });
}

/** A saved gene list (CustomGeneListData). */
export function geneListData(body: JsonObject): JsonObject {
  return defined({ name: text(body.name, 'name'), description: text(body.description, 'description'), geneList: [...new Set(texts(body.geneList, 'geneList') ?? [])] });
}

/** A Group Comparison session: its groups (each with its studies' samples or patients) and origin. */
export function comparisonData(body: JsonObject): JsonObject {
  const groups = objects(body.groups, 'groups') ?? fail('groups', 'must list the groups compared');
  groups.forEach((g, i) => (objects(g.studies, `groups[${i}].studies`) ?? fail(`groups[${i}].studies`, 'must not be null')).forEach((s, j) => {
    requiredText(s.id, `groups[${i}].studies[${j}].id`);
    texts(s.samples, `groups[${i}].studies[${j}].samples`);
    texts(s.patients, `groups[${i}].studies[${j}].patients`);
  }));
  texts(body.origin, 'origin') ?? fail('origin', 'must not be null');
  return body;
}

export const SETTINGS_PAGES = ['study_view', 'results_view'] as const;
export type SettingsPage = (typeof SETTINGS_PAGES)[number];

/**
 * Page settings (PageSettingsData, by page: StudyPageSettings or ResultsPageSettings); on update
 * `stored` keeps its owner, origin and creation time, as cBioPortal's update does.
 */
export function settingsData(body: JsonObject, author: Author, stored?: JsonObject): JsonObject {
  const page = body.page as SettingsPage;
  const common = {
    page, owner: author.owner, origin: stored?.origin ?? [...new Set(texts(body.origin, 'origin'))],
    created: stored?.created ?? time(body.created, 'created', author.now), lastUpdated: time(body.lastUpdated, 'lastUpdated', author.now),
  };
  if (page === 'results_view') return { ...common, clinicallist: objects(body.clinicallist, 'clinicallist') ?? [] };
  const colors = body.groupColors === undefined || body.groupColors === null ? undefined : objectOf(body.groupColors, 'groupColors');
  return defined({
    ...common, chartSettings: body.chartSettings,
    groupColors: colors && Object.fromEntries(Object.entries(colors).map(([k, v]) => [k, requiredText(v, `groupColors.${k}`)])),
  });
}
