// The account area's navigation (issue 17), shown beside every account page: the hub, profile, orders,
// subscriptions, downloads, addresses, lists and password. The page on show is marked (aria-current).
import { ACCOUNT_NAV, currentAccountNavItem } from '../../lib/account/account-nav.ts';
import { AppLink } from '../ui/AppLink.tsx';

export function AccountNav({ pathname }: { pathname: string }) {
  const current = currentAccountNavItem(pathname);
  return (
    <nav aria-label="My account" className="account-nav">
      <ul className="account-nav__list">
        {ACCOUNT_NAV.map((item) => (
          <li key={item.href}>
            <AppLink
              href={item.href}
              className={item === current ? 'account-nav__link account-nav__link--current' : 'account-nav__link'}
              aria-current={item === current ? 'page' : undefined}
            >
              {item.label}
            </AppLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
