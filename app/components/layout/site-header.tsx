import { Form, Link, NavLink, useLocation, useSearchParams } from 'react-router';
import { Menu, Search, ShoppingCart, UserRound } from 'lucide-react';
import { MenuDisclosure } from '~/components/ui/menu-disclosure';
import { useLocalCartCount } from '~/lib/cart-storage';
import { SEARCH_MAX, searchText } from '~/lib/shop-url';
import { useHydrated } from '~/lib/use-hydrated';
import { useSyncedValue } from '~/lib/use-synced-value';
import { Logo } from './logo';

interface TaxonomyEntry {
  id: number;
  name: string;
}

interface HeaderProps {
  user: { name: string; email: string; isAdmin: boolean } | null;
  sports: TaxonomyEntry[];
  categories: TaxonomyEntry[];
  siteName: string;
  serverCartCount: number;
}

const linkClass =
  'rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900';
const panelClass =
  'mt-1 max-h-[70vh] w-64 overflow-y-auto rounded-lg border border-slate-200 bg-white p-1 shadow-lg md:absolute md:left-0';

function EntryList({
  label,
  entries,
  base,
}: {
  label: string;
  entries: TaxonomyEntry[];
  base: string;
}) {
  return (
    <ul aria-label={label} className="flex flex-col">
      {entries.map((entry) => (
        <li key={entry.id}>
          <Link
            to={`${base}/${entry.id}`}
            className="block rounded-md px-3 py-2 text-sm text-slate-700 hover:bg-brand-50 hover:text-brand-800"
          >
            {entry.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}

function NavEntry({ to, end, children }: { to: string; end?: boolean; children: string }) {
  return (
    <NavLink to={to} end={end} className={linkClass}>
      {children}
    </NavLink>
  );
}

function NavLinks({ sports, categories }: Pick<HeaderProps, 'sports' | 'categories'>) {
  return (
    <>
      <NavEntry to="/shop" end>
        Shop All
      </NavEntry>
      <MenuDisclosure label="Categories" summaryClassName={linkClass} panelClassName={panelClass}>
        <EntryList label="Categories" entries={categories} base="/shop/category" />
      </MenuDisclosure>
      <MenuDisclosure
        label="Shop by Sport"
        summaryClassName={linkClass}
        panelClassName={panelClass}
      >
        <EntryList label="Sports" entries={sports} base="/shop/sports" />
      </MenuDisclosure>
      <NavEntry to="/portfolio">Portfolio</NavEntry>
      <NavEntry to="/contact-us">Contact Us</NavEntry>
      <NavEntry to="/about-us">About Us</NavEntry>
      {/* An enquiry shop: what a buyer sent are enquiries (an order comes only from an accepted
          quotation, and is shown with its enquiry). */}
      <NavEntry to="/orders">My Enquiries</NavEntry>
    </>
  );
}

function SearchForm({ id, q, className }: { id: string; q: string; className?: string }) {
  // Follows the URL's `q` when another page is shown in the app.
  const [value, setValue] = useSyncedValue(q);
  return (
    <Form
      method="get"
      action="/shop"
      role="search"
      aria-label="Site"
      className={`relative ${className ?? ''}`}
    >
      <label htmlFor={id} className="sr-only">
        Search our catalog
      </label>
      <input
        id={id}
        type="search"
        name="q"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        maxLength={SEARCH_MAX}
        placeholder="Search our catalog"
        className="w-full rounded-full border border-slate-300 bg-slate-50 py-2 pr-10 pl-4 text-sm placeholder:text-slate-500 focus:border-brand-600 focus:bg-white"
      />
      <button
        type="submit"
        aria-label="Search"
        className="absolute top-1/2 right-1 -translate-y-1/2 rounded-full p-1.5 text-slate-600 hover:text-brand-700"
      >
        <Search aria-hidden className="size-4" />
      </button>
    </Form>
  );
}

// A little tighter below 360 px, so the row fits a 320 px screen (WCAG's reflow width).
const iconButton = 'rounded-md p-2 text-slate-700 hover:bg-slate-100 max-[359px]:p-1.5';
/** A phone panel under the header's one row (the header is the positioned ancestor). */
const dropPanel =
  'absolute inset-x-0 top-full max-h-[calc(100vh-4rem)] overflow-y-auto border-b border-slate-200 bg-white px-4 py-3 shadow-lg';

export function SiteHeader({ user, sports, categories, siteName, serverCartCount }: HeaderProps) {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const localCount = useLocalCartCount(!user);
  const hydrated = useHydrated();
  // A guest's count comes from local storage once scripts run; the server's count (the cart
  // cookie) stands until then, and without JavaScript.
  const cartCount = user || !hydrated ? serverCartCount : localCount;
  const q = searchText(params.get('q'));
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white">
      {/* One row on a phone: logo, search, account, cart and menu (each a disclosure that works
          without JavaScript); the search box and the navigation join it on wider screens. */}
      <div className="mx-auto flex max-w-7xl items-center gap-2 px-4 py-2 sm:gap-3 sm:py-3">
        <Link to="/" className="shrink-0 rounded-md" aria-label={`${siteName} home`}>
          <Logo />
        </Link>
        <SearchForm id="site-search" q={q} className="ml-auto hidden flex-1 sm:block sm:max-w-md" />
        <div className="ml-auto flex items-center gap-0.5 sm:ml-0 sm:gap-1">
          {/* /shop has its own search box; a second one on a phone is noise. */}
          {pathname === '/shop' ? null : (
            <MenuDisclosure
              label={<span className="sr-only">Search</span>}
              icon={<Search aria-hidden className="size-5" />}
              chevron={false}
              className="sm:hidden"
              summaryClassName={iconButton}
              panelClassName={dropPanel}
            >
              <SearchForm id="site-search-mobile" q={q} />
            </MenuDisclosure>
          )}
          <MenuDisclosure
            // A long name is cut short with an ellipsis: the search box keeps its room.
            label={
              <span className="sr-only sm:not-sr-only sm:max-w-36 sm:truncate xl:max-w-56">
                {user ? user.name : 'Account'}
              </span>
            }
            icon={<UserRound aria-hidden className="size-5" />}
            chevron={Boolean(user)}
            // On a phone the signed-in chevron would push the menu button off a 390 px screen.
            summaryClassName="px-2 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 max-[359px]:p-1.5 max-sm:[&>svg:last-child]:hidden"
            panelClassName="absolute right-0 mt-1 w-48 rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
          >
            {user ? (
              <div className="flex flex-col">
                <Link to="/profile" className="rounded-md px-3 py-2 text-sm hover:bg-slate-100">
                  Profile
                </Link>
                {user.isAdmin ? (
                  <Link to="/admin" className="rounded-md px-3 py-2 text-sm hover:bg-slate-100">
                    Back office
                  </Link>
                ) : null}
                <Form method="post" action="/logout">
                  <button
                    type="submit"
                    className="w-full rounded-md px-3 py-2 text-left text-sm hover:bg-slate-100"
                  >
                    Log Out
                  </button>
                </Form>
              </div>
            ) : (
              <div className="flex flex-col">
                <Link to="/login" className="rounded-md px-3 py-2 text-sm hover:bg-slate-100">
                  Log In
                </Link>
                <Link to="/register" className="rounded-md px-3 py-2 text-sm hover:bg-slate-100">
                  Register
                </Link>
              </div>
            )}
          </MenuDisclosure>
          <Link
            to="/cart"
            className={`relative ${iconButton}`}
            aria-label={`Cart, ${cartCount} ${cartCount === 1 ? 'item' : 'items'}`}
          >
            <ShoppingCart aria-hidden className="size-5" />
            {cartCount > 0 ? (
              <span
                aria-hidden
                data-testid="cart-count"
                className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-accent-600 px-1 text-center text-xs leading-5 font-bold text-white"
              >
                {cartCount}
              </span>
            ) : null}
          </Link>
          <MenuDisclosure
            label={<span className="sr-only">Menu</span>}
            icon={<Menu aria-hidden className="size-5" />}
            chevron={false}
            className="md:hidden"
            summaryClassName={iconButton}
            panelClassName={dropPanel}
          >
            <nav aria-label="Mobile" className="flex flex-col gap-1">
              <NavLinks sports={sports} categories={categories} />
            </nav>
          </MenuDisclosure>
        </div>
      </div>
      <nav aria-label="Main" className="hidden border-t border-slate-100 md:block">
        <div className="mx-auto flex max-w-7xl items-center gap-1 px-4 py-1">
          <NavLinks sports={sports} categories={categories} />
        </div>
      </nav>
    </header>
  );
}
