// Virtual studies (api.md 27): saved by users (/session/virtual_study), published with the
// publisher key (/public_virtual_studies), read back, and usable wherever a study id is
// (server/virtual-studies.ts).
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { InvalidRequest, NotFound } from '../../engine/errors.js';
import { setMember } from '../../engine/state/sessions.js';
import { deleteVirtualStudy, insertVirtualStudy, saveVirtualStudy, setPublished } from '../../engine/state/virtual-studies.js';
import { VirtualStudyDataSchema, VirtualStudySchema } from '../schemas/virtual-studies.js';
import { Unauthorized } from '../security/security-errors.js';
import { checkStudiesReadable, ownerOf } from '../sessions/session-access.js';
import { newSessionId } from '../sessions/session-types.js';
import { checkCancerType, checkResolvable, checkShape, checkSize, tooManyVirtualStudies } from '../virtual-study-checks.js';
import { originsOf, virtualStudyJson, type VirtualStudyData } from '../virtual-studies.js';

const tags = ['Public Virtual Studies'];
const IdParams = Type.Object({ id: Type.String() });
const PublishQuery = Type.Object({ typeOfCancerId: Type.Optional(Type.String()), pmid: Type.Optional(Type.String()) });


export const virtualStudyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const state = app.security.state;
  /** A body larger than a virtual study may be is refused (413) before it is parsed. */
  const bodyLimit = app.limits.virtualStudies.maxBytes;

  /** The publisher key header (X-PUBLISHER-API-KEY); missing → 400, as the reference's required header. */
  const publisherKeyOf = (request: FastifyRequest): string => {
    const key = request.headers['x-publisher-api-key'];
    if (key === undefined) throw new InvalidRequest("Required request header 'X-PUBLISHER-API-KEY' for method parameter type String is not present");
    return String(key);
  };

  /** A wrong key, or none configured on the server → 401. */
  const checkPublisherKey = (key: string) => {
    const expected = app.security.auth.settings.publisherApiKey;
    if (expected === undefined || expected.trim() === '' || key !== expected) throw new Unauthorized('The access is forbidden.');
  };

  /** The caller may read every study a virtual study is built from. */
  const checkReadable = (request: FastifyRequest, data: VirtualStudyData) => checkStudiesReadable(app, request, originsOf(data));

  const conflict = (reply: FastifyReply, text: string) => reply.status(409).type('text/plain; charset=utf-8').send(text);

  /** Keeps VirtualStudyData's own fields only, in its studies too (unknown ones are ignored, api.md 1.7). */
  const dataOf = (body: VirtualStudyData): VirtualStudyData => {
    const { name, description, studyViewFilter, dynamic, typeOfCancerId, pmid } = body;
    const studies = body.studies?.map(({ id, samples }) => ({ ...(id === undefined ? {} : { id }), ...(samples === undefined ? {} : { samples }) }));
    const data: VirtualStudyData = { name, description, studies, studyViewFilter, dynamic, typeOfCancerId, pmid };
    for (const key of Object.keys(data) as (keyof VirtualStudyData)[]) if (data[key] === undefined || data[key] === null) delete data[key];
    return data;
  };

  app.get('/public_virtual_studies', {
    config: { public: true },
    schema: { tags, operationId: 'getPublicVirtualStudiesUsingGET', description: 'List all public virtual studies', response: { 200: Type.Array(VirtualStudySchema) } },
  }, async () => {
    // Oldest first, as the session service lists them.
    const rows = [...(await state.snapshot()).virtualStudies.values()].filter((v) => v.published).sort((a, b) => a.created - b.created || (a.id < b.id ? -1 : 1));
    return Promise.all(rows.map((row) => virtualStudyJson(app, row)));
  });

  app.post('/public_virtual_studies/:id', {
    config: { public: true },
    bodyLimit,
    schema: {
      tags, operationId: 'publishVirtualStudyUsingPOST', description: 'Publish a virtual study: the one saved under this id (no body), or the data given under this id',
      params: IdParams, querystring: PublishQuery, body: Type.Union([VirtualStudyDataSchema, Type.Null()]),
    },
    // No body at all (publishing a saved study) is validated as null.
    preValidation: async (request) => {
      if (request.body === undefined) request.body = null;
    },
  }, async (request, reply) => {
    // The reference's order: the header, the body's shape, the key, then the service's checks and conflicts.
    const key = publisherKeyOf(request);
    const body = request.body === null ? undefined : dataOf(request.body as VirtualStudyData);
    if (body) checkShape(body);
    checkPublisherKey(key);
    const { id } = request.params;
    const { typeOfCancerId, pmid } = request.query;
    const overrides = { ...(typeOfCancerId === undefined ? {} : { typeOfCancerId }), ...(pmid === undefined ? {} : { pmid }) };
    if (!body) {
      if (typeOfCancerId !== undefined) await checkCancerType(app, typeOfCancerId);
      const saved = (await state.snapshot()).virtualStudies.get(id);
      if (!saved) throw new NotFound(`The virtual study with id=${id} has not been found.`);
      checkSize(app, { ...saved.data, ...overrides });
      await setPublished(state, id, true, { ...saved.data, ...overrides });
      return reply.status(200).send();
    }
    const data = { ...body, ...overrides };
    checkSize(app, data);
    await checkResolvable(app, data);
    if ((await app.security.catalog()).studies.has(id)) return conflict(reply, `The study with id=${id} already exists. Use a different id for the virtual study.`);
    const identical = [...(await state.snapshot()).virtualStudies.values()].find((v) => v.id === id || JSON.stringify(v.data) === JSON.stringify(data));
    if (identical || !(await insertVirtualStudy(state, { id, owner: ownerOf(request), data: data as Record<string, unknown>, published: true }, app.security.auth.now())))
      return conflict(reply, `A virtual study with the same ID or identical definition already exists: ${identical?.id ?? id}`);
    return reply.status(200).send();
  });

  app.delete('/public_virtual_studies/:id', {
    config: { public: true },
    schema: {
      tags, operationId: 'unPublishVirtualStudyUsingDELETE', description: 'Unpublish a virtual study (softDelete=true) or delete it',
      params: IdParams, querystring: Type.Object({ softDelete: Type.Optional(Type.Boolean({ default: true })) }),
    },
  }, async (request, reply) => {
    checkPublisherKey(publisherKeyOf(request));
    const { id } = request.params;
    const row = (await state.snapshot()).virtualStudies.get(id);
    // An unknown id is a 500 in the reference; a 404 here.
    if (!row || !row.published) throw new NotFound(`The virtual study with id=${id} has not been found in the public list.`);
    if (request.query.softDelete === false) await deleteVirtualStudy(state, id);
    else await setPublished(state, id, false, row.data);
    return reply.status(200).send();
  });

  app.get('/session/virtual_study/:id', {
    config: { ownPermissionCheck: true },
    schema: { tags: ['Sessions'], operationId: 'getSessionUsingGET', description: 'Get a virtual study', params: IdParams, response: { 200: VirtualStudySchema } },
  }, async (request, reply) => {
    const row = (await state.snapshot()).virtualStudies.get(request.params.id);
    if (!row) return (reply as FastifyReply).status(404).send();
    await checkReadable(request, row.data as VirtualStudyData);
    return virtualStudyJson(app, row);
  });

  for (const [path, operationId] of [['/session/virtual_study', 'addSessionUsingPOST'], ['/session/virtual_study/save', 'addUserSavedVirtualStudyUsingPOST']] as const) {
    app.post(path, {
      bodyLimit,
      schema: {
        tags: ['Sessions'], operationId, description: 'Save a virtual study; answers its new id',
        body: VirtualStudyDataSchema, response: { 200: Type.Object({ id: Type.String() }) },
      },
    }, async (request) => {
      const data = dataOf(request.body as VirtualStudyData);
      checkSize(app, data);
      await checkReadable(request, data);
      checkShape(data);
      await checkResolvable(app, data);
      const id = newSessionId();
      const { maxPerUser } = app.limits.virtualStudies;
      const saved = await saveVirtualStudy(state, { id, owner: ownerOf(request), data: data as Record<string, unknown> }, app.security.auth.now(), maxPerUser);
      if (saved === 'full') throw tooManyVirtualStudies(maxPerUser, request.caller.user === undefined);
      if (saved === 'taken') throw new Error(`A new virtual study id is taken: ${id}`);
      // Saving (not sharing) puts it in the saver's list (GET /session/virtual_study), as cBioPortal sets its users.
      if (operationId === 'addUserSavedVirtualStudyUsingPOST' && request.caller.user !== undefined) await setMember(state, 'virtual_study', id, request.caller.user, true);
      return { id };
    });
  }
};
