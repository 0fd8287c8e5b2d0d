// The 404 every area throws for an address that names nothing, and the catch-all route that throws it
// for addresses no route matches (PageError then shows the not-found page inside the site frame).

import { data, type RouteObject } from 'react-router';
import { PageError } from './ErrorPage.tsx';

export const notFound = () => data(null, { status: 404, statusText: 'Not Found' });

/** The catch-all route renders nothing of its own: its loader throws the 404 that PageError shows. */
const NoPage = () => null;

export const notFoundRoute: RouteObject = {
  path: '*',
  loader: () => {
    throw notFound();
  },
  Component: NoPage,
  ErrorBoundary: PageError,
};
