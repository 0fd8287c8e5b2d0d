// The failures a service can report, in the platform's terms: an HTTP status, an error code and a
// message. They are part of the API's contract, not of its framing, so services throw them directly;
// http/errors.ts turns them into the [{errorCode, message}] body.

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    message: string,
  ) {
    super(message);
  }
}

/** A rate limit refused the request: 429, and the answer's Retry-After says when to try again. */
export class TooManyRequests extends ApiError {
  constructor(
    readonly retryAfterS: number,
    message: string,
  ) {
    super(429, 'TOO_MANY_REQUESTS', message);
  }
}

/** "Try again in 15 minutes." (at least a minute). */
export const tryAgainIn = (seconds: number) => `Try again in ${Math.max(1, Math.ceil(seconds / 60))} minutes.`;

export const notFound = (what = 'The requested resource does not exist') => new ApiError(404, 'NOT_FOUND', what);
export const badInput = (message: string) => new ApiError(400, 'INVALID_API_INPUT', message);
/** Core's rules answer a problem's message or null; a problem is bad input. */
export function rejectProblem(problem: string | null): void {
  if (problem) throw badInput(problem);
}
export const invalidId = (value: string) => new ApiError(400, 'INVALID_ID_FIELD', `Invalid identifier: ${value}`);

export function errorBody(errorCode: string, message: string) {
  return [{ errorCode, message }];
}
