// cBioPortal's session API (SessionServiceController), which cBioPortal proxies to its MongoDB
// session service, built in over the state store: sessions stored and read by id, the user's
// lists (virtual studies, groups, custom charts, gene lists) with add/delete, the groups and
// custom charts of a set of studies, and page settings (one per user, page and origin). The
// virtual study routes are routes/virtual-studies.ts; the rules per type, sessions/session-types.ts.
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { NotFound } from '../../engine/errors.js';
import { insertSession, memberIdsOf, putSettings, readSession, sessionsOfUser, setMember, settingsOf, usersOf, type SessionRecord } from '../../engine/state/sessions.js';
import { deleteSavedVirtualStudy } from '../../engine/state/virtual-studies.js';
import type { JsonObject } from '../filter-holders.js';
import { VirtualStudySchema } from '../schemas/virtual-studies.js';
import {
  CreatedTypeSchema, CustomDataSessionSchema, CustomGeneListSchema, GroupSessionSchema, ListedTypeSchema, OperationSchema, PageSettingsDataSchema,
  PageSettingsIdentifierSchema, ReadTypeSchema, SessionIdSchema, SessionSchema, StudyIdsBodySchema,
} from '../schemas/sessions.js';
import { checkPersonal, checkStudiesReadable, mayReadStudies, ownerOf, quotaOwnerOf, requireUser } from '../sessions/session-access.js';
import { checkSessionSize, tooManySessions } from '../sessions/session-limits.js';
import { checkNesting, settingsData } from '../sessions/session-payloads.js';
import { newSessionId, SESSION_RULES, type SessionType } from '../sessions/session-types.js';
import { originsOf, virtualStudyJson, type VirtualStudyData } from '../virtual-studies.js';

const tags = ['Sessions'];

type StoredType = Exclude<SessionType, 'virtual_study'>;

export const sessionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const state = app.security.state;
  const bodyLimit = app.limits.sessions.maxBytes;
  const now = () => app.security.auth.now();

  /** The session as cBioPortal answers its type; `users` in the data of the types that carry them. */
  const sessionJson = (record: SessionRecord, users: readonly string[]) => {
    const rule = SESSION_RULES[record.type as StoredType];
    const data = JSON.parse(record.data) as JsonObject;
    const answered = { id: record.id, checksum: record.checksum, data: rule.answersUsers ? { ...data, users } : data };
    return rule.withSource ? { ...answered, source: app.security.auth.settings.appName, type: record.type } : answered;
  };

  /** The stored session, if the caller may read it (404, 403). */
  const readableSession = async (request: FastifyRequest, type: StoredType, id: string) => {
    const record = await readSession(state, type, id);
    if (!record) throw new NotFound(`Session not found: ${id}`);
    const rule = SESSION_RULES[type];
    const users = rule.answersUsers || rule.personal ? ((await usersOf(state, type, [id])).get(id) ?? []) : [];
    if (rule.personal) checkPersonal(request, record.owner, users);
    else await checkStudiesReadable(app, request, rule.studiesOf(JSON.parse(record.data) as JsonObject));
    return { record, users };
  };

  /** The sessions of a type in the caller's list (of exactly `origin`), those about readable studies only. */
  const listed = async (request: FastifyRequest, type: StoredType, user: string, origin?: string[]) => {
    const records = await sessionsOfUser(state, type, user, origin);
    const users = await usersOf(state, type, records.map((r) => r.id));
    const rule = SESSION_RULES[type];
    const readable = await Promise.all(records.map((r) => mayReadStudies(app, request, rule.studiesOf(JSON.parse(r.data) as JsonObject))));
    return records.filter((_, i) => readable[i]).map((r) => sessionJson(r, users.get(r.id) ?? []));
  };

  app.get('/session/:type/:id', {
    config: { ownPermissionCheck: true },
    schema: {
      tags, operationId: 'getSessionUsingGET_1', description: 'Get a session (a virtual study: /session/virtual_study/{id})',
      params: Type.Object({ type: ReadTypeSchema, id: Type.String() }), response: { 200: SessionSchema },
    },
  }, async (request) => {
    const { type, id } = request.params as { type: StoredType; id: string };
    const { record, users } = await readableSession(request, type, id);
    return sessionJson(record, users);
  });

  for (const [url, operationId] of [['/session/:type', 'addSessionUsingPOST_1'], ['/session/custom_gene_list/save', 'addUserSavedCustomGeneListUsingPOST']] as const) {
    app.post(url, {
      config: { ownPermissionCheck: true },
      bodyLimit,
      schema: {
        tags, operationId, description: 'Store a session; answers its id (an identical Results View, comparison or chart session answers the stored one\'s)',
        ...(url === '/session/:type' ? { params: Type.Object({ type: CreatedTypeSchema }) } : {}),
        body: Type.Object({}, { additionalProperties: true, title: 'body' }), response: { 200: SessionIdSchema },
      },
    }, async (request) => {
      const type = ((request.params as { type?: StoredType }).type ?? 'custom_gene_list') as StoredType;
      const rule = SESSION_RULES[type];
      if (rule.personal) requireUser(request, `Saving a ${type}`);
      const owner = ownerOf(request);
      checkNesting(request.body);
      const data = rule.dataOf(request.body as JsonObject, { owner, now: now() });
      checkSessionSize(app, data);
      await checkStudiesReadable(app, request, rule.studiesOf(data));
      const { user } = request.caller;
      const members = rule.listed && user !== undefined ? [user] : [];
      const id = await insertSession(state, { id: newSessionId(), type, owner: quotaOwnerOf(request), data, origin: rule.originOf?.(data), members }, now(),
        { maxPerOwner: app.limits.sessions.maxPerUser, deduplicated: rule.deduplicated });
      if (id === 'full') throw tooManySessions(app, request);
      return { id };
    });
  }

  app.get('/session/virtual_study', {
    config: { ownPermissionCheck: true },
    schema: { tags, operationId: 'getUserStudiesUsingGET', description: 'The virtual studies in the caller\'s list', response: { 200: Type.Array(VirtualStudySchema) } },
  }, async (request) => {
    const ids = new Set(await memberIdsOf(state, 'virtual_study', requireUser(request, 'A list of virtual studies')));
    const rows = [...(await state.snapshot()).virtualStudies.values()].filter((v) => ids.has(v.id));
    const readable = await Promise.all(rows.map((v) => mayReadStudies(app, request, originsOf(v.data as VirtualStudyData))));
    return Promise.all(rows.filter((_, i) => readable[i]).map((row) => virtualStudyJson(app, row)));
  });

  app.get('/session/custom_gene_list', {
    config: { ownPermissionCheck: true },
    schema: { tags, operationId: 'fetchCustomGeneListUsingGET', description: 'The gene lists in the caller\'s list', response: { 200: Type.Array(CustomGeneListSchema) } },
  }, async (request) => listed(request, 'custom_gene_list', requireUser(request, 'A list of gene lists')));

  for (const [type, operationId, schema] of [['group', 'fetchUserGroupsUsingPOST', GroupSessionSchema], ['custom_data', 'fetchCustomPropertiesUsingPOST', CustomDataSessionSchema]] as const) {
    app.post(`/session/${type === 'group' ? 'groups' : type}/fetch`, {
      config: { bodyIds: 'studies' },
      schema: {
        tags, operationId, description: `The ${type === 'group' ? 'groups' : 'custom charts'} in the caller's list whose origin is exactly these studies`,
        body: StudyIdsBodySchema, response: { 200: Type.Array(schema) },
      },
    }, async (request) => listed(request, type, requireUser(request, `A list of ${type === 'group' ? 'groups' : 'custom charts'}`), request.body));
  }

  app.post('/session/settings', {
    config: { ownPermissionCheck: true },
    bodyLimit,
    schema: {
      tags, operationId: 'updateUserPageSettingsUsingPOST', description: 'Store the caller\'s settings of a page and origin (replacing those stored)',
      body: PageSettingsDataSchema, 'x-codegen-request-body-name': 'settingsData',
    },
  }, async (request, reply) => {
    const owner = requireUser(request, 'Saving page settings');
    const body = request.body as JsonObject & { page: string; origin: string[] };
    checkNesting(body);
    const author = { owner, now: now() };
    checkSessionSize(app, settingsData(body, author));
    const stored = await putSettings(state, { id: newSessionId(), type: 'settings', owner, page: body.page, origin: body.origin },
      (previous) => settingsData(body, author, previous as JsonObject | undefined), now(), app.limits.sessions.maxPerUser);
    if (stored === 'full') throw tooManySessions(app, request);
    return reply.status(200).send();
  });

  app.post('/session/settings/fetch', {
    config: { ownPermissionCheck: true },
    schema: {
      tags, operationId: 'getPageSettingsUsingPOST', description: 'The caller\'s settings of a page and origin (an empty answer when none are stored)',
      body: PageSettingsIdentifierSchema, response: { 200: PageSettingsDataSchema },
    },
  }, async (request, reply) => {
    const record = await settingsOf(state, requireUser(request, 'Page settings'), request.body.page, request.body.origin);
    // None stored: an empty 200, as cBioPortal answers its null.
    // Stored from a body validated by PageSettingsDataSchema (settingsData adds owner and times).
    return record ? (JSON.parse(record.data) as typeof PageSettingsDataSchema.static) : (reply as FastifyReply).status(200).send();
  });

  // cBioPortal's add and delete put a session in the caller's list or take it out. A virtual study
  // deleted by its owner is also deleted, when it is a saved (unpublished) one, as before this
  // route had its other types (routes/virtual-studies.ts: an open instance's anonymous owner too).
  app.get('/session/:type/:operation/:id', {
    config: { ownPermissionCheck: true },
    schema: {
      tags, operationId: 'updateUsersInSessionUsingGET', description: 'Put a session in the caller\'s list (add) or take it out (delete)',
      params: Type.Object({ type: ListedTypeSchema, operation: OperationSchema, id: Type.String() }),
    },
  }, async (request, reply) => {
    const { type, operation, id } = request.params as { type: SessionType; operation: 'add' | 'delete'; id: string };
    if (type === 'virtual_study') {
      const row = (await state.snapshot()).virtualStudies.get(id);
      if (!row) throw new NotFound(`The virtual study with id=${id} has not been found.`);
      if (operation === 'delete') {
        await deleteSavedVirtualStudy(state, id, ownerOf(request));
        if (request.caller.user !== undefined) await setMember(state, type, id, request.caller.user, false);
      } else {
        const user = requireUser(request, 'A list of virtual studies');
        await checkStudiesReadable(app, request, originsOf(row.data as VirtualStudyData));
        await setMember(state, type, id, user, true);
      }
      return reply.status(200).send();
    }
    const user = requireUser(request, `A list of ${type} sessions`);
    // Delete takes a session out of the caller's own list only; add needs it readable.
    if (operation === 'add') await readableSession(request, type as StoredType, id);
    else if (!(await readSession(state, type, id))) throw new NotFound(`Session not found: ${id}`);
    await setMember(state, type, id, user, operation === 'add');
    return reply.status(200).send();
  });
};
