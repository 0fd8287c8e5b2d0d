// The frame of every account page: the account navigation beside the page, for a logged-in shopper (a
// guest's order confirmation, which lives under /orders too, gets the page alone).
import { Outlet, useLocation, useRouteLoaderData } from 'react-router';
import { AccountNav } from '../../components/account/AccountNav.tsx';
import type { RootData } from '../types.ts';

export function AccountLayout() {
  const root = useRouteLoaderData('root') as RootData | undefined;
  const { pathname } = useLocation();
  if (!root || root.session.isGuest) return <Outlet />;
  return (
    <div className="account-area">
      <AccountNav pathname={pathname} />
      <div className="account-area__page">
        <Outlet />
      </div>
    </div>
  );
}
