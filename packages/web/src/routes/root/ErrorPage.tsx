import { isRouteErrorResponse, useRouteError } from 'react-router';
import { AppLink } from '../../components/ui/AppLink.tsx';
import { useHydratedMark } from './hydrated-mark.ts';

export function NotFound() {
  return (
    <section className="not-found" aria-labelledby="error-title">
      <h1 id="error-title">Page not found</h1>
      <p>The page you were looking for does not exist or is no longer available.</p>
      <p>
        <AppLink href="/">Go to the home page</AppLink>
      </p>
    </section>
  );
}

export function ServerError() {
  return (
    <section aria-labelledby="error-title">
      <h1 id="error-title">Something went wrong</h1>
      <p>We could not load this page. Please try again in a moment.</p>
      <p>
        <AppLink href="/">Go to the home page</AppLink>
      </p>
    </section>
  );
}

/** Error boundary of the page routes: shown inside the site frame. */
export function PageError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return <ServerError />;
}

/** Error boundary of the root route: the frame itself failed. */
export function RootError() {
  useHydratedMark();
  return (
    <main id="main" className="site-main">
      <PageError />
    </main>
  );
}
