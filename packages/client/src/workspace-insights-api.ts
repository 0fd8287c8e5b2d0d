// The workspace's seller insights call (issue 18 item 4), part of the workspace client (workspace-api.ts): the
// dataset funnel, top search terms and searches with no results over a period of whole UTC days.

import type { InsightQuery, WorkspaceInsights } from '@store/core';
import type { CallOptions } from './call-options.ts';
import type { WorkspaceCall } from './workspace-call.ts';

export interface WorkspaceInsightsCalls {
  /** Omitted ends take the server's defaults (the last 30 days, today included). */
  insights(query?: InsightQuery, o?: CallOptions): Promise<WorkspaceInsights>;
}

export function workspaceInsightsCalls(call: WorkspaceCall): WorkspaceInsightsCalls {
  return {
    insights: (query = {}, o = {}) => call('GET', 'insights', o, { query: { ...query } }),
  };
}
