// The one check every workspace call makes before it reads or changes anything: the caller's role (core's
// workspace-permissions table) must allow the call's action. Guests, shoppers and buyers have no workspace
// role; they, and a catalogue manager asking for settings, refunds or the audit log, get 403 in the API's
// error shape and nothing runs.
import { mayDo, type WorkspaceAction, type WorkspaceRole, workspaceRole } from '@store/core';
import { ApiError } from '../../domain/errors.ts';
import type { Caller } from '../buyer-context.ts';

/** Who makes a workspace change, as the audit log records them. */
export interface Actor {
  userId: string;
  email: string;
  role: WorkspaceRole;
}

const noWorkspace = () =>
  new ApiError(403, 'INSUFFICIENT_ACCESS', 'Only store administrators and catalogue managers may use the workspace.');
const notAllowed = (action: WorkspaceAction) =>
  new ApiError(403, 'INSUFFICIENT_ACCESS', `Your workspace role doesn't allow this (${action}).`);

/** The caller as a workspace actor allowed to take the action, or a 403. */
export function requireWorkspaceAction(caller: Caller, action: WorkspaceAction): Actor {
  const role = workspaceRole(caller.user);
  if (!role || !caller.user) throw noWorkspace();
  if (!mayDo(role, action)) throw notAllowed(action);
  return { userId: caller.user.id, email: caller.user.email, role };
}

/** The caller's role, for the workspace shell; a 403 for anyone without one. */
export function requireWorkspaceRole(caller: Caller): Actor {
  const role = workspaceRole(caller.user);
  if (!role || !caller.user) throw noWorkspace();
  return { userId: caller.user.id, email: caller.user.email, role };
}
