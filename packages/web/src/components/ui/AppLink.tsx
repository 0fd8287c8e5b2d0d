// An internal link: a client-side <Link> inside the router, a plain <a> outside it (tests,
// static fragments). External and non-path URLs always get a plain <a>.

import type { AnchorHTMLAttributes, ReactNode } from 'react';
import { Link, useInRouterContext } from 'react-router';

export interface AppLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  href: string;
  children?: ReactNode;
  prefetch?: boolean;
}

export function AppLink({ href, children, prefetch: _prefetch, ...rest }: AppLinkProps) {
  const inRouter = useInRouterContext();
  if (inRouter && /^\/(?![/\\])/.test(href)) {
    return (
      <Link to={href} {...rest}>
        {children}
      </Link>
    );
  }
  return (
    <a href={href} {...rest}>
      {children}
    </a>
  );
}
