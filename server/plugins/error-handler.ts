// One place that turns errors into cBioPortal's {"message": ...} answers (api.md 1.8):
// domain errors keep their wording, validation errors are 400, anything else is a logged 500.
import type { FastifyError, FastifyInstance } from 'fastify';
import { Busy, InvalidRequest, NotFound, NotImplemented } from '../../engine/errors.js';
import { Forbidden, Unauthorized } from '../security/security-errors.js';

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof NotFound) return reply.status(404).send({ message: error.message });
    if (error instanceof InvalidRequest) return reply.status(400).send({ message: error.message });
    if (error instanceof NotImplemented) return reply.status(501).send({ message: error.message });
    if (error instanceof Busy) return reply.status(503).header('Retry-After', String(error.retryAfterSeconds)).send({ message: error.message });
    if (error instanceof Forbidden) return reply.status(403).send({ message: error.message });
    if (error instanceof Unauthorized) return error.message === '' ? reply.status(401).send() : reply.status(401).send({ message: error.message });
    if (error.validation) return reply.status(400).send({ message: validationMessage(error) });
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
        return reply.status(413).send({ message: `Request body is larger than ${request.routeOptions.bodyLimit} bytes (counted once inflated)` });
      const own = error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || error.code === 'FST_CP_ERR_INVALID_CONTENT' || error.statusCode !== 400;
      const message = own ? error.message : 'There is an error in the JSON format of the request payload';
      return reply.status(error.statusCode).send({ message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: 'Internal Server Error' });
  });
  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send({ timestamp: new Date().toISOString(), status: 404, error: 'Not Found', path: request.url.split('?')[0] }),
  );
}

/** cBioPortal's wording for parameter and body validation failures (api.md 1.3, 1.7). */
function validationMessage(error: FastifyError): string {
  const first = error.validation?.[0];
  const inRequestLine = error.validationContext === 'querystring' || error.validationContext === 'params';
  const name = first?.instancePath.replace(/^\//, '').replace(/\//g, '.') ?? '';
  if (first?.keyword === 'required') {
    const missing = String(first.params.missingProperty ?? '');
    return inRequestLine ? `Request parameter is missing: ${missing}` : 'There is an error in the JSON format of the request payload';
  }
  if (first?.keyword === 'minimum') return `${name} must be greater than or equal to ${first.params.limit}`;
  if (first?.keyword === 'maximum') return `${name} must be less than or equal to ${first.params.limit}`;
  if (first?.keyword === 'minItems' || first?.keyword === 'maxItems') {
    // parentSchema is there because ajv runs with `verbose` (server/app.ts).
    // A bare-array body has no path: its schema's `title` is cBioPortal's parameter name (geneIds, ...).
    const schema = (first as unknown as { parentSchema?: { minItems?: number; maxItems?: number; title?: string } }).parentSchema;
    return `${name || schema?.title || String(error.validationContext)} size must be between ${schema?.minItems ?? 0} and ${schema?.maxItems ?? 2147483647}`;
  }
  if (inRequestLine) return `Request parameter type mismatch: ${name} ${first?.message ?? ''}`.trim();
  return 'There is an error in the JSON format of the request payload';
}
