// Every failure leaves the server as the platform's error body: a JSON array of {errorCode, message}.
// Services throw ApiError (domain/errors.ts); schema and parser failures are mapped here.
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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

/**
 * Fastify's `frameworkErrors` option: the router's own refusals (a malformed percent-escape in the path, a path
 * parameter over routerOptions.maxParamLength) happen before any route, so the error handler never sees them.
 */
export function frameworkErrors(err: FastifyError, _req: FastifyRequest, reply: FastifyReply): void {
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH')
    reply.status(414).send(errorBody('URL_TOO_LONG', 'A part of the URL is longer than the server accepts.'));
  else if (err.code === 'FST_ERR_BAD_URL')
    reply.status(400).send(errorBody('INVALID_URL', 'The URL is not valid: it has a malformed percent-escape.'));
  else reply.status(400).send(errorBody('INVALID_API_INPUT', err.message));
}

/**
 * Fastify's `clientErrorHandler` option: requests Node's HTTP parser refuses (headers over the size limit,
 * broken framing) never reach Fastify; they still get the error shape, and the connection closes.
 */
export function clientErrorHandler(err: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable) return;
  const [status, reason, code] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', 'REQUEST_HEADERS_TOO_LARGE']
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', 'REQUEST_TIMEOUT']
        : [400, 'Bad Request', 'INVALID_REQUEST'];
  const body = JSON.stringify(errorBody(code, `The request could not be read (${reason}).`));
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
