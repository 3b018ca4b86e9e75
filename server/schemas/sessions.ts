// TypeBox models of cBioPortal's session API (SessionServiceController): Session and the models
// that hide its source and type (CustomDataSession, CustomGeneList, PageSettings), PageSettingsData
// and PageSettingsIdentifier. A session's data is any JSON object (JSONObject in the reference).
import { Type } from '@sinclair/typebox';
import { SETTINGS_PAGES } from '../sessions/session-payloads.js';
import { CREATED_TYPES, LISTED_TYPES, READ_TYPES } from '../sessions/session-types.js';

const open = { additionalProperties: true };
const SessionData = Type.Object({}, { ...open, description: 'the stored JSON' });
const enumOf = (values: readonly string[]) => Type.Union(values.map((v) => Type.Literal(v)));

export const SessionSchema = Type.Object({
  id: Type.String(),
  checksum: Type.Optional(Type.String({ description: 'MD5 of the stored data' })),
  data: SessionData,
  source: Type.Optional(Type.String({ description: 'the portal (app.name)' })),
  type: Type.Optional(Type.String()),
}, { $id: 'Session' });

export const CustomDataSessionSchema = Type.Object({ id: Type.String(), checksum: Type.String(), data: SessionData }, { $id: 'CustomDataSession' });

export const CustomGeneListSchema = Type.Object({ id: Type.String(), checksum: Type.String(), data: SessionData }, { $id: 'CustomGeneList' });

/** A group as groups/fetch answers it (cBioPortal's VirtualStudy model, whose data is a VirtualStudyData). */
export const GroupSessionSchema = Type.Object({ id: Type.String(), checksum: Type.String(), data: SessionData }, { description: 'a VirtualStudy whose data is the group' });

export const SessionIdSchema = Type.Object({ id: Type.String() });

const PageSchema = enumOf(SETTINGS_PAGES);

export const PageSettingsDataSchema = Type.Object({
  page: PageSchema,
  origin: Type.Array(Type.String(), { maxItems: 10_000_000, description: 'the studies of the page' }),
  owner: Type.Optional(Type.String()),
  created: Type.Optional(Type.Integer()),
  lastUpdated: Type.Optional(Type.Integer()),
  chartSettings: Type.Optional(Type.Unknown({ description: 'study_view: the charts\' settings' })),
  groupColors: Type.Optional(Type.Record(Type.String(), Type.String())),
  clinicallist: Type.Optional(Type.Array(Type.Object({}, open), { description: 'results_view: the clinical tracks' })),
}, { ...open, $id: 'PageSettingsData' });

export const PageSettingsIdentifierSchema = Type.Object({
  page: PageSchema,
  origin: Type.Array(Type.String(), { minItems: 1, maxItems: 10_000_000 }),
}, { ...open, $id: 'PageSettingsIdentifier' });

/** The studies whose groups or custom charts are fetched (exactly these: their origin). */
export const StudyIdsBodySchema = Type.Array(Type.String(), { minItems: 1, maxItems: 10_000_000, title: 'studyIds' });

export const ReadTypeSchema = enumOf(READ_TYPES);
export const CreatedTypeSchema = enumOf(CREATED_TYPES);
export const ListedTypeSchema = enumOf(LISTED_TYPES);
export const OperationSchema = enumOf(['add', 'delete']);
