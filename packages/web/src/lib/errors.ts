// Turning a failed call into words for the shopper: the server's own message when it sent one
// (it is written for people: "Your login attempt has failed..."), otherwise a plain fallback.

import { CommerceFetchError } from '@store/client';

export const GENERIC_ERROR = 'Something went wrong. Try again.';

/** The server's error code (first entry), or null. */
export function errorCode(error: unknown): string | null {
  return error instanceof CommerceFetchError ? error.errors[0]?.type || null : null;
}

export function errorMessage(error: unknown, fallback: string = GENERIC_ERROR): string {
  if (error instanceof CommerceFetchError) {
    const message = error.errors.find((e) => e.message.trim() !== '')?.message;
    if (message) return message;
    if (error.status === 429) return 'Too many attempts. Wait a moment, then try again.';
  }
  return fallback;
}
