// The workspace's frame: who is signed in with which role, and the navigation their role may use. Its loader
// asks the server (GET …/me); anyone without a workspace role gets the 403 page, with a way to log in.

import { mayDo, type WorkspaceMe } from '@store/core';
import {
  isRouteErrorResponse,
  NavLink,
  Outlet,
  useLoaderData,
  useRouteError,
  type LoaderFunctionArgs,
  type RouteObject,
} from 'react-router';
import { loginHref } from '../../lib/account/return-url.ts';
import type { StoreApi } from '../../lib/api.ts';
import { PageError } from '../root/ErrorPage.tsx';
import { loaded, workspaceHead, workspaceOf } from './workspace-data.ts';

export const WORKSPACE_DENIED_TITLE = 'You don’t have access to the workspace';

function WorkspaceShell() {
  const me = useLoaderData() as WorkspaceMe;
  const nav = [
    { to: '/admin', label: 'Products', end: true, show: mayDo(me.role, 'catalogue.read') },
    { to: '/admin/products/new', label: 'New product', end: true, show: mayDo(me.role, 'catalogue.write') },
    { to: '/admin/featured', label: 'Featured', end: true, show: mayDo(me.role, 'catalogue.read') },
    { to: '/admin/import', label: 'Import', end: true, show: mayDo(me.role, 'catalogue.read') },
    { to: '/admin/categories', label: 'Categories', end: false, show: mayDo(me.role, 'catalogue.read') },
    { to: '/admin/selling-models', label: 'Selling models', end: false, show: mayDo(me.role, 'catalogue.read') },
    { to: '/admin/content', label: 'Content', end: false, show: mayDo(me.role, 'content.read') },
    { to: '/admin/insights', label: 'Insights', end: true, show: mayDo(me.role, 'insights.read') },
    { to: '/admin/orders', label: 'Orders', end: false, show: mayDo(me.role, 'orders.read') },
    { to: '/admin/promotions', label: 'Promotions', end: false, show: mayDo(me.role, 'promotions.read') },
    { to: '/admin/accounts', label: 'Accounts', end: false, show: mayDo(me.role, 'customers.read') },
    { to: '/admin/buyers', label: 'Buyers', end: false, show: mayDo(me.role, 'customers.read') },
    { to: '/admin/buyer-groups', label: 'Buyer groups', end: false, show: mayDo(me.role, 'customers.read') },
    {
      to: '/admin/entitlement-policies',
      label: 'Entitlement policies',
      end: false,
      show: mayDo(me.role, 'customers.read'),
    },
    { to: '/admin/settings', label: 'Settings', end: true, show: mayDo(me.role, 'settings.read') },
    { to: '/admin/audit', label: 'Audit log', end: true, show: mayDo(me.role, 'audit.read') },
  ];
  return (
    <div className="workspace">
      <header className="workspace__bar">
        <p className="workspace__title">
          Workspace <span className="badge">{me.roleLabel}</span>
        </p>
        <nav aria-label="Workspace">
          <ul className="workspace__nav">
            {nav
              .filter((n) => n.show)
              .map((n) => (
                <li key={n.to}>
                  <NavLink to={n.to} end={n.end}>
                    {n.label}
                  </NavLink>
                </li>
              ))}
          </ul>
        </nav>
      </header>
      <Outlet />
    </div>
  );
}

/** The 403 (the server said no) or the storefront's own error pages. */
function WorkspaceError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 403)
    return (
      <div className="workspace workspace--denied">
        <h1>{WORKSPACE_DENIED_TITLE}</h1>
        <p>{(error.data as { message?: string } | null)?.message}</p>
        <p>
          <a href={loginHref('/admin')}>Log in as a store administrator or catalogue manager</a>
        </p>
      </div>
    );
  return <PageError />;
}

export function shellRoute(getApi: () => StoreApi) {
  return {
    loader: ({ request }: LoaderFunctionArgs) => loaded(workspaceOf(getApi).me({ signal: request.signal })),
    Component: WorkspaceShell,
    ErrorBoundary: WorkspaceError,
    handle: workspaceHead(() => 'Workspace'),
  } satisfies Omit<RouteObject, 'id' | 'path' | 'children' | 'index'>;
}
