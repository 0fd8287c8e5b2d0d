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
