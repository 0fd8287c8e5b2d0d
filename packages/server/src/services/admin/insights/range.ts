// The rows one insights call reads: a store's, whose time falls in [start, end) (ISO timestamps, compared as
// text: every stored time is an ISO string in UTC, so text order is time order on SQLite and PostgreSQL alike).
export interface InsightRange {
  webstoreId: string;
  start: string;
  end: string;
}
