// Who may do what in the seller's workspace (issue 15): one table of roles and the workspace actions each
// may take. The server checks it on every workspace call (services/admin/workspace-access.ts) and has the
// last word; the workspace's pages read the same table only to hide what the signed-in role cannot use.

import { ADMIN_USER_ID } from './ids.ts';

/** The workspace roles. Shoppers and buyers have none. */
export type WorkspaceRole = 'admin' | 'catalogue_manager';

/** What a workspace call does, by area; a route names exactly one. */
export const WORKSPACE_ACTIONS = [
  'catalogue.read',
  'catalogue.write',
  'promotions.read',
  'promotions.write',
  'orders.read',
  'orders.fulfil',
  'orders.refund',
  'settings.read',
  'settings.write',
  /** Accounts, buyers, buyer groups, managed accounts, password resets: the administrator's alone. */
  'customers.read',
  'customers.write',
  'audit.read',
  /** Managed content (issue 16): banners, rich text, images, product collections and page layouts. */
  'content.read',
  'content.write',
  /** Seller insights (issue 18): the dataset funnel and what shoppers search for; counts only, no shopper. */
  'insights.read',
] as const;
export type WorkspaceAction = (typeof WORKSPACE_ACTIONS)[number];

/**
 * The administrator may do everything. The catalogue manager keeps the catalogue, promotions and the site's
 * managed content (and reads them), and reads the insights that tell which datasets to work on, but neither changes the store's settings nor refunds, and does not read the audit log (the
 * administrator's record of everyone's changes, the catalogue manager's included).
 */
const GRANTS: Record<WorkspaceRole, ReadonlySet<WorkspaceAction>> = {
  admin: new Set(WORKSPACE_ACTIONS),
  catalogue_manager: new Set([
    'catalogue.read',
    'catalogue.write',
    'promotions.read',
    'promotions.write',
    'content.read',
    'content.write',
    'insights.read',
  ]),
};

export const WORKSPACE_ROLE_LABELS: Record<WorkspaceRole, string> = {
  admin: 'Administrator',
  catalogue_manager: 'Catalogue manager',
};

/** A user's workspace role from their stored role (app_user.role), or null for everyone else. */
export function workspaceRole(user: { id: string; role: string } | null | undefined): WorkspaceRole | null {
  if (!user) return null;
  // The administrator's user id is literally '1' (spec 03 §2.2), whatever its stored role says.
  if (user.id === ADMIN_USER_ID || user.role === 'admin') return 'admin';
  return user.role === 'catalogue_manager' ? 'catalogue_manager' : null;
}

export function mayDo(role: WorkspaceRole | null, action: WorkspaceAction): boolean {
  return role !== null && GRANTS[role].has(action);
}
