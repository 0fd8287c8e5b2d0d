// Option shapes shared by every group of client calls.

/** Every method accepts a signal; aborting rejects the call with an AbortError. */
export interface CallOptions {
  signal?: AbortSignal;
}

/** Comma-separated on the wire; either form is accepted. */
export type FieldList = string | readonly string[];
