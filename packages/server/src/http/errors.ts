// Every failure leaves the server as the platform's error body: a JSON array of {errorCode, message}.
// Services throw ApiError (domain/errors.ts); schema and parser failures are mapped here.
import type { FastifyError, FastifyInstance } from 'fastify';
import { ApiError, errorBody } from '../domain/errors.ts';

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError & { validation?: unknown }, req, reply) => {
    if (err instanceof ApiError) return reply.status(err.status).send(errorBody(err.errorCode, err.message));
    if (err.validation) {
      // Zod issues come through the type provider; the platform reports bad input as INVALID_API_INPUT.
      const issues = (
        err.validation as Array<{ instancePath?: string; message?: string; params?: { issue?: { path?: unknown[] } } }>
      ).map((v) => {
        const where = v.instancePath
          ? v.instancePath.replace(/^\//, '').replace(/\//g, '.')
          : (v.params?.issue?.path ?? []).join('.');
        return where ? `${err.validationContext ?? 'input'}.${where}: ${v.message}` : `${v.message}`;
      });
      return reply.status(400).send(errorBody('INVALID_API_INPUT', issues.join('; ') || err.message));
    }
    if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
      return reply.status(415).send(errorBody('UNSUPPORTED_MEDIA_TYPE', err.message));
    if (err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || err.statusCode === 400)
      return reply.status(400).send(errorBody('JSON_PARSER_ERROR', err.message));
    if (err.statusCode === 413) return reply.status(413).send(errorBody('REQUEST_TOO_LARGE', err.message));
    if (err.statusCode === 429) return reply.status(429).send(errorBody('REQUEST_LIMIT_EXCEEDED', err.message));
    req.log.error(err);
    return reply.status(500).send(errorBody('INTERNAL_ERROR', 'An unexpected error occurred. Please try again.'));
  });
  app.setNotFoundHandler((req, reply) => {
    reply
      .status(404)
      .send(errorBody('NOT_FOUND', `The requested resource does not exist: ${req.method} ${req.url.split('?')[0]}`));
  });
}
