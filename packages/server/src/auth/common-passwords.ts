// Passwords attackers try first. A new password that is on a list of common (breached) passwords is
// refused, whatever shape it has: `password1` keeps core's letter-and-number rule and is still the first
// thing a password-spraying run tries. The list is the one zxcvbn-ts ships (@zxcvbn-ts/language-common:
// about 49,000 passwords, most common first, compiled from breach corpora), held here on the server: core
// (and so the storefront's bundle) stays free of a 380 kB list, and the form shows the server's message.
import { dictionary } from '@zxcvbn-ts/language-common';
import { COMMON_PASSWORD_MESSAGE, passwordProblem } from '@store/core';

/** How many of the most common passwords also count with digits or symbols added ("Summer2024!", "Welcome1"). */
const TOP_BASE_WORDS = 2_000;
/** A base word shorter than this ("abc", "1q2w") says too little on its own to refuse its variations. */
const MIN_BASE_LENGTH = 4;

let lists: { all: Set<string>; top: Set<string> } | null = null;
function commonLists() {
  if (!lists) {
    const words = dictionary['passwords-common'] as string[];
    lists = { all: new Set(words), top: new Set(words.slice(0, TOP_BASE_WORDS)) };
  }
  return lists;
}

/**
 * Whether a password is common: on the list as it is (any case), or one of the most common words with
 * digits and symbols added at the end ("Password1!", "dragon2026").
 */
export function isCommonPassword(password: string): boolean {
  const { all, top } = commonLists();
  const lower = password.normalize('NFKC').toLowerCase();
  if (all.has(lower)) return true;
  const base = lower.replace(/[\p{N}\p{P}\p{S}\s]+$/u, '');
  return base !== lower && base.length >= MIN_BASE_LENGTH && top.has(base);
}

/** The API's message for a new password that breaks core's rule or is common; null when it is fine. */
export function newPasswordProblem(password: string): string | null {
  return passwordProblem(password) ?? (isCommonPassword(password) ? COMMON_PASSWORD_MESSAGE : null);
}
