// Data access tokens (api.md 26): create, list, read and revoke a caller's tokens, and the token
// file download. With authenticate=oauth2 the download doubles as the login: an unidentified
// caller is sent to the provider, whose callback (/data-access-token/oauth2) hands out the token;
// with dat.method=oauth2 that token is the provider's offline token.
import { randomBytes } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { InvalidRequest, NotImplemented } from '../../engine/errors.js';
import { finishLogin, startLogin } from '../../engine/state/logins.js';
import { DataAccessTokenSchema } from '../schemas/data-access-tokens.js';
import { OAuth2Error } from '../security/oauth2-client.js';
import { Unauthorized } from '../security/security-errors.js';
import { tokenFile, tokenJson, type DataAccessToken } from '../security/token-service.js';

const tags = ['Data Access Tokens'];
const TokenParams = Type.Object({ token: Type.String({ description: 'token' }) });
/** How long a login started at the provider may take to come back. */
const LOGIN_WAIT_MS = 10 * 60 * 1000;

export const dataAccessTokenRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { tokens, auth, state } = app.security;
  const method = () => auth.settings.dat.method;

  /** The endpoints of the /data-access-tokens family are not those of dat.method=oauth2 (501). */
  const notForOAuth2 = () => {
    if (method() === 'oauth2') throw new NotImplemented();
  };

  app.post('/data-access-tokens', {
    schema: { tags, operationId: 'createDataAccessTokenUsingPOST', description: 'Create a new data access token', response: { 201: DataAccessTokenSchema } },
  }, async (request, reply) => {
    notForOAuth2();
    const user = await tokens.checkUser(request.caller.user);
    return reply.status(201).send(tokenJson(await tokens.create(user)));
  });

  app.get('/data-access-tokens', {
    schema: { tags, operationId: 'getAllDataAccessTokensUsingGET', description: 'Retrieve all data access tokens', response: { 200: Type.Array(DataAccessTokenSchema) } },
  }, async (request) => {
    notForOAuth2();
    return (await tokens.list(await tokens.checkUser(request.caller.user))).map(tokenJson);
  });

  app.delete('/data-access-tokens', {
    schema: { tags, operationId: 'revokeAllDataAccessTokensUsingDELETE', description: 'Delete all data access tokens' },
  }, async (request, reply) => {
    notForOAuth2();
    await tokens.revokeAll(await tokens.checkUser(request.caller.user));
    return reply.status(200).send();
  });

  app.get('/data-access-tokens/:token', {
    schema: { tags, operationId: 'getDataAccessTokenUsingGET', description: 'Retrieve an existing data access token', params: TokenParams, response: { 200: DataAccessTokenSchema } },
  }, async (request) => {
    notForOAuth2();
    return tokenJson(await tokens.get(request.params.token));
  });

  app.delete('/data-access-tokens/:token', {
    schema: { tags, operationId: 'revokeDataAccessTokenUsingDELETE', description: 'Delete a data access token', params: TokenParams },
  }, async (request, reply) => {
    notForOAuth2();
    await tokens.revoke(request.params.token);
    return reply.status(200).send();
  });

  const redirectUri = (request: FastifyRequest) =>
    auth.settings.dat.oauth2?.redirectUri ?? `${request.protocol}://${request.host}/api/data-access-token/oauth2`;

  const sendFile = (reply: FastifyReply, status: number, token: Partial<DataAccessToken> & { token: string }) =>
    reply.status(status)
      .header('content-type', 'text/plain; charset=utf-8')
      .header('content-disposition', 'attachment; filename=cbioportal_data_access_token.txt')
      .send(tokenFile(token));

  app.get('/data-access-token', {
    config: { public: true },
    schema: { tags, operationId: 'downloadDataAccessTokenUsingGET', description: 'Create a new data access token and download it as a file' },
  }, async (request, reply) => {
    const { user } = request.caller;
    if (method() === 'oauth2' || (user === undefined && auth.settings.authenticate === 'oauth2')) {
      // The login's `state` is kept in the state store: the provider may send the browser back to another server.
      const login = randomBytes(16).toString('hex');
      const now = auth.now();
      await startLogin(state, login, { now, lapses: now + LOGIN_WAIT_MS });
      return reply.redirect(auth.oauth2!.authorizationUrl(redirectUri(request), login, method() === 'oauth2'), 302);
    }
    if (user === undefined && auth.loginRequired) throw new Unauthorized();
    return sendFile(reply, 201, await tokens.create(await tokens.checkUser(user)));
  });

  app.get('/data-access-token/oauth2', {
    config: { public: true },
    schema: {
      tags, operationId: 'downloadOAuth2DataAccessTokenUsingGET', description: 'The OAuth2 provider sends the browser back here after login; answers with the token file',
      querystring: Type.Object({ code: Type.String(), state: Type.String() }),
    },
  }, async (request, reply) => {
    if (auth.oauth2 === undefined || !(await finishLogin(state, request.query.state, auth.now()))) throw new InvalidRequest('No login is under way for this state; start again at /api/data-access-token');
    let exchange;
    try {
      exchange = await auth.oauth2.exchangeCode(request.query.code, redirectUri(request));
    } catch (error) {
      if (error instanceof OAuth2Error) throw new Unauthorized(`Login failed: ${error.message}`);
      throw error;
    }
    if (method() === 'oauth2') {
      if (exchange.offlineToken === undefined) throw new Unauthorized('Login failed: the provider sent no offline token');
      return sendFile(reply, 200, { token: exchange.offlineToken });
    }
    return sendFile(reply, 201, await tokens.create(await tokens.checkUser(exchange.identity.user)));
  });
};
