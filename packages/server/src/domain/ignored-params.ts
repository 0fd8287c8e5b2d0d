// Query parameters every call accepts and ignores: the site runtime appends them. The route schemas
// accept them, and cache keys leave them out, since they never change an answer.
export const IGNORED_QUERY_PARAMS = ['language', 'asGuest', 'htmlEncode'] as const;
