// The workspace's SEO settings calls (issue 16 item 8), part of the workspace client (workspace-api.ts): a product's
// or category's title, meta description and "no index" for search engines.

import type { SeoSettings, SeoSettingsInput } from '@store/core';
import type { CallOptions } from './call-options.ts';
import { requireId } from './validate.ts';
import type { WorkspaceCall } from './workspace-call.ts';

export interface WorkspaceSeoCalls {
  seoSettings(recordId: string, o?: CallOptions): Promise<SeoSettings>;
  /** Replaces the settings whole; empty title and description (and indexed) go back to the derived ones. */
  setSeoSettings(recordId: string, input: SeoSettingsInput, o?: CallOptions): Promise<SeoSettings>;
}

export function workspaceSeoCalls(call: WorkspaceCall): WorkspaceSeoCalls {
  const path = (id: string) => `seo-settings/${encodeURIComponent(requireId(id, 'recordId'))}`;
  return {
    seoSettings: (id, o = {}) => call('GET', path(id), o),
    setSeoSettings: (id, input, o = {}) => call('PUT', path(id), o, { body: input }),
  };
}
