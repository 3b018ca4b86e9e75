// GET /config_service: the web front end's server configuration (frontend-config.ts) with the
// caller's name, as cBioPortal's IndexPageController answers it; public, outside the API
// description as in cBioPortal. Front ends before 2024 ask for /config_service.jsp as JSONP
// (`?callback=`); /api/config_service serves a front end whose apiRoot ends in /api/.
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import type { FrontendConfig } from '../config/frontend-config.js';

const PATHS = ['/config_service', '/config_service.jsp', '/api/config_service'] as const;
/** cBioPortal's name of a caller who has not logged in. */
const ANONYMOUS_USER = 'anonymousUser';

const ConfigQuery = Type.Object({
  // A JavaScript name (jQuery's JSONP callback): nothing else may reach the script it is written into.
  callback: Type.Optional(Type.String({ pattern: '^[A-Za-z_$][\\w$]*(\\.[A-Za-z_$][\\w$]*)*$', maxLength: 128 })),
});
const ServerConfigSchema = Type.Record(Type.String(), Type.Union([Type.String(), Type.Boolean(), Type.Null()]));

export function configServiceRoutes(config: FrontendConfig): FastifyPluginAsyncTypebox {
  return async (app) => {
    for (const path of PATHS) {
      app.get(path, {
        config: { public: true },
        schema: { hide: true, tags: ['Frontend configuration'], querystring: ConfigQuery, response: { 200: ServerConfigSchema } },
      }, async (request, reply) => {
        const user = request.caller.user ?? ANONYMOUS_USER;
        const answer = {
          ...config,
          // The host (and port) the front end reached the server at, without a scheme.
          base_url: request.host,
          user_email_address: user,
          user_display_name: user,
          // MSK's slide viewer token: only for a configured viewer key, which duckportal does not take.
          mskWholeSlideViewerToken: null,
        };
        const callback = path === '/config_service.jsp' ? request.query.callback : undefined;
        if (callback === undefined) return answer;
        // A script, not the JSON the schema describes. The leading comment keeps a callback name
        // from being read as the start of another file type.
        return (reply as FastifyReply).type('application/javascript; charset=utf-8').header('X-Content-Type-Options', 'nosniff')
          .send(`/**/${callback}(${JSON.stringify(answer)});`);
      });
    }
  };
}
