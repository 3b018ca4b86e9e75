// One place that turns errors into cBioPortal's {"message": ...} answers (api.md 1.8):
// domain errors keep their wording, validation errors are 400, anything else is a logged 500.
import type { FastifyError, FastifyInstance } from 'fastify';
import { InvalidRequest, NotFound } from '../../engine/errors.js';

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof NotFound) return reply.status(404).send({ message: error.message });
    if (error instanceof InvalidRequest) return reply.status(400).send({ message: error.message });
    if (error.validation) {
      const first = error.validation[0];
      const where = error.validationContext;
      if (where === 'querystring' || where === 'params') {
        const name = first?.instancePath.replace(/^\//, '') || String(first?.params?.missingProperty ?? '');
        if (first?.keyword === 'required') return reply.status(400).send({ message: `Request parameter is missing: ${first.params.missingProperty}` });
        return reply.status(400).send({ message: `Request parameter type mismatch: ${name} ${first?.message ?? ''}`.trim() });
      }
      return reply.status(400).send({ message: 'There is an error in the JSON format of the request payload' });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      const message = error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || error.statusCode !== 400 ? error.message : 'There is an error in the JSON format of the request payload';
      return reply.status(error.statusCode).send({ message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: 'Internal Server Error' });
  });
  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send({ timestamp: new Date().toISOString(), status: 404, error: 'Not Found', path: request.url.split('?')[0] }),
  );
}
