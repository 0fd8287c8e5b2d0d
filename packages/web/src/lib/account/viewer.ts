// Who is looking at the page: the session (guest or logged in, acting for which account), the
// accounts a buyer may switch between, and whether guests may browse at all (spec 01 §6). Read
// once per page load and shared by the root loader, the access guard and the account pages.

import type { ApplicationContext, ExternalManagedAccount, SessionContext } from '@store/core';
import { effectiveAccountIdOrNull } from '@store/core';
import type { CommerceClient } from '@store/client';
import type { UserSession } from '../../routes/types.ts';

export interface Viewer {
  session: UserSession;
  /** The accounts a logged-in buyer may act for, their own included; empty for guests. */
  managedAccounts: ExternalManagedAccount[];
  guestBrowsingEnabled: boolean;
  /** The store's name from the application context ('' when it could not be read): header, titles, SEO. */
  storeName: string;
  /** The store asks shoppers for cookie consent (application context shopperConsentEnabled; issue 18). */
  shopperConsentEnabled?: boolean;
}

async function optional<T>(promise: Promise<T>): Promise<T | null> {
  try {
    return await promise;
  } catch {
    return null;
  }
}

const text = (value: string | null | undefined): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value : null;

/** The session as the storefront uses it; a missing or failed session context is a guest. */
export function toUserSession(session: SessionContext | null): UserSession {
  // Spec 01 §3: logged in when guestUser is false; the user id is kept only then (spec 03 §4).
  const isGuest = session?.guestUser !== false;
  if (isGuest) {
    return {
      isGuest: true,
      userId: null,
      firstName: null,
      lastName: null,
      email: null,
      accountId: null,
      accountName: null,
      effectiveAccountId: null,
      effectiveAccountName: null,
      idleTimeoutSeconds: null,
      isPreview: session?.isPreview === true,
    };
  }
  const idle = session.idleTimeoutSeconds;
  return {
    isGuest: false,
    userId: session.userId ?? null,
    // Spec 01 §3: userName is the profile's first name.
    firstName: text(session.profile?.firstName) ?? text(session.userName),
    lastName: text(session.profile?.lastName),
    email: text(session.profile?.email),
    accountId: effectiveAccountIdOrNull(session.accountId),
    accountName: text(session.accountName),
    effectiveAccountId: effectiveAccountIdOrNull(session.effectiveAccountId),
    effectiveAccountName: text(session.effectiveAccountName),
    idleTimeoutSeconds: typeof idle === 'number' && Number.isFinite(idle) && idle > 0 ? idle : null,
    isPreview: session.isPreview === true,
  };
}

export async function loadViewer(client: CommerceClient): Promise<Viewer> {
  // No signal: one answer serves every loader of the page, so one navigation's cancellation must
  // not fail the others. The calls are small.
  const [session, app] = await Promise.all([
    optional(client.getSessionContext()),
    optional<ApplicationContext>(client.getApplicationContext()),
  ]);
  const user = toUserSession(session);
  // Managed accounts only for a logged-in user: guests are refused them (403).
  const accounts = user.isGuest ? null : await optional(client.getManagedAccounts({ includeMyAccount: true }));
  return {
    session: user,
    managedAccounts: (accounts?.externalManagedAccounts ?? []).filter(
      (a) => a && effectiveAccountIdOrNull(a.accountId),
    ),
    // Without the store settings the server's own checks still hold, so the page does not guess "off".
    guestBrowsingEnabled: app?.guestBrowsingEnabled !== false,
    storeName: app?.storeName ?? '',
    shopperConsentEnabled: app?.shopperConsentEnabled === true,
  };
}
