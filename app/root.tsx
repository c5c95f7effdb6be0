import { useEffect } from 'react';
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteLoaderData,
  type ShouldRevalidateFunction,
} from 'react-router';
import type { Route } from './+types/root';
import stylesheet from './app.css?url';
import { SiteFooter } from '~/components/layout/site-footer';
import { SiteHeader } from '~/components/layout/site-header';
import { RouteAnnouncer } from '~/components/layout/route-announcer';
import { listCategories, listSports } from '~/services/catalogue/taxonomy.server';
import { getUser } from '~/services/permissions.server';
import { siteInfo } from '~/services/site.server';
import { env } from '~/services/env.server';
import { cartCount, readGuestCart } from '~/services/cart/cart.server';
import { Toaster } from '~/components/ui/toaster';
import { GuestCartMerge } from '~/components/cart/guest-cart-merge';
import { RealUserSpeed } from '~/components/layout/real-user-speed';
import { copyrightYear } from '~/lib/site';
import { useNonce } from '~/lib/nonce';
import { ErrorPage } from '~/components/layout/error-page';

/** The back office's paths: an admin sees them in its own frame, without the shop's header. */
const inBackOffice = (url: URL) => /^\/admin(\/|$)/.test(url.pathname);

export async function loader({ request }: Route.LoaderArgs) {
  const [user, sports, categories] = await Promise.all([
    getUser(request),
    listSports(),
    listCategories(),
  ]);
  // The cart count is for the shop's header, which an admin's back-office pages do not show (a
  // customer's 403 there does): one query fewer per back-office page. shouldRevalidate reads it
  // again on the way back to the shop.
  const showsCart = user && !(user.role === 'admin' && inBackOffice(new URL(request.url)));
  return {
    user: user && { name: user.name, email: user.email, isAdmin: user.role === 'admin' },
    sports,
    categories,
    site: siteInfo(),
    year: copyrightYear(new Date()),
    origin: env().publicUrl,
    // A guest's cart is in local storage, which only scripts read; until they run (or without
    // them) the header counts the lines the server keeps in the guest cart cookie.
    cartCount: showsCart
      ? await cartCount(user.id)
      : user
        ? 0
        : readGuestCart(request).reduce((sum, line) => sum + line.quantity, 0),
    rumSampleRate: env().rumSampleRate,
  };
}

export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}) => defaultShouldRevalidate || inBackOffice(currentUrl) !== inBackOffice(nextUrl);

/** What a route's `handle` may ask of the document's head. */
export interface DocumentHandle {
  /**
   * Seconds after which a browser without JavaScript reloads the page (to follow a job running
   * on the server), from the route's loader data; undefined for none.
   */
  refreshWithoutScript?: (loaderData: unknown) => number | undefined;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root');
  // The back office brings its own frame (routes/admin.tsx) once its guard has let the admin in;
  // a customer's 403 there still gets the shop's frame.
  const backOffice = Boolean(useRouteLoaderData('routes/admin'));
  const frame = data && !backOffice;
  const nonce = useNonce();
  const refresh = useMatches()
    .map((m) => (m.handle as DocumentHandle | undefined)?.refreshWithoutScript?.(m.loaderData))
    .find((seconds) => seconds !== undefined);
  // Marks the document once React has taken it over: until then a click on a dialog's button or
  // a client-side check does nothing (end-to-end tests and the slow-phone measure wait for it).
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
  }, []);
  return (
    <html lang="en-SG">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* With a precedence React puts the stylesheet ahead of the script preloads it hoists into
            the head: the browser asks for the styles first, which the first paint waits for. */}
        <link rel="stylesheet" href={stylesheet} precedence="default" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        {/* In noscript: a browser running scripts must never schedule the reload (the page
            polls instead, and taking the tag away later does not cancel a reload scheduled). */}
        {refresh !== undefined && (
          <noscript>
            <meta httpEquiv="refresh" content={String(refresh)} />
          </noscript>
        )}
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:block focus:bg-brand-900 focus:px-4 focus:py-3 focus:text-center focus:font-semibold focus:text-white"
        >
          Skip to content
        </a>
        {frame ? (
          <SiteHeader
            user={data.user}
            sports={data.sports}
            categories={data.categories}
            siteName={data.site.name}
            serverCartCount={data.cartCount}
          />
        ) : null}
        {backOffice ? (
          children
        ) : (
          <main id="main" className="flex-1">
            {children}
          </main>
        )}
        {frame ? <SiteFooter site={data.site} year={data.year} /> : null}
        <RouteAnnouncer />
        <Toaster />
        {data?.user ? <GuestCartMerge /> : null}
        {data ? <RealUserSpeed sampleRate={data.rumSampleRate} /> : null}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} />;
}
