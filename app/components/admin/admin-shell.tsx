import {
  ArrowLeft,
  BarChart3,
  ExternalLink,
  Gauge,
  History,
  Inbox,
  LayoutDashboard,
  LogOut,
  Mail,
  MessageSquareText,
  Package,
  ShieldCheck,
  ShoppingCart,
  Tags,
  Trophy,
  Users,
} from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Form, Link, NavLink, useLocation } from 'react-router';
import type { InboxCounts } from '~/services/admin/overview.server';

interface NavItem {
  to: string;
  label: string;
  icon: React.ComponentType<{ 'aria-hidden'?: boolean; className?: string }>;
  end?: boolean;
  badge?: keyof InboxCounts;
}

/** The back office's sections, in the order staff use them. */
const NAV: NavItem[] = [
  { to: '/admin', label: 'Dashboard', icon: LayoutDashboard, end: true },
  { to: '/admin/list', label: 'Products', icon: Package },
  { to: '/admin/sports', label: 'Sports', icon: Trophy },
  { to: '/admin/categories', label: 'Categories', icon: Tags },
  { to: '/admin/enquiries', label: 'Enquiries', icon: Inbox, badge: 'newEnquiries' },
  { to: '/admin/customers', label: 'Customers', icon: Users },
  { to: '/admin/orders', label: 'Orders', icon: ShoppingCart },
  { to: '/admin/messages', label: 'Messages', icon: Mail, badge: 'openMessages' },
  { to: '/admin/replies', label: 'Canned replies', icon: MessageSquareText },
  { to: '/admin/reports', label: 'Reports', icon: BarChart3 },
  { to: '/admin/speed', label: 'Speed', icon: Gauge },
  { to: '/admin/activity', label: 'Activity', icon: History },
  { to: '/admin/privacy', label: 'Privacy', icon: ShieldCheck },
];

const BADGE_LABEL: Record<keyof InboxCounts, string> = {
  newEnquiries: 'new',
  openMessages: 'open',
};

function NavEntry({ to, end, label, icon: Icon, n, badge }: NavItem & { n: number }) {
  return (
    <li>
      <NavLink
        to={to}
        end={end}
        className={({ isActive }) =>
          `relative flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap ${
            isActive
              ? 'bg-brand-50 text-brand-800'
              : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900'
          }`
        }
      >
        <Icon aria-hidden className="size-4 shrink-0" />
        {label}
        {n > 0 && badge ? (
          <span className="ml-auto rounded-full bg-accent-600 px-2 text-xs leading-5 font-bold text-white">
            {n}
            <span className="sr-only"> {BADGE_LABEL[badge]}</span>
          </span>
        ) : null}
      </NavLink>
    </li>
  );
}

function NavEntries({ counts, compact }: { counts: InboxCounts; compact?: boolean }) {
  return (
    <ul className={compact ? 'flex gap-1' : 'flex flex-col gap-0.5'}>
      {NAV.map((item) => (
        <NavEntry key={item.to} {...item} n={item.badge ? counts[item.badge] : 0} />
      ))}
    </ul>
  );
}

/**
 * The sections on a phone: a row that scrolls sideways, faded at the end while more entries are
 * off-screen, and scrolled to the current section (Activity is off-screen at 390 px).
 */
function PhoneNav({ counts }: { counts: InboxCounts }) {
  const row = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const [more, setMore] = useState(false);
  const measure = () => {
    const nav = row.current;
    if (nav) setMore(nav.scrollLeft + nav.clientWidth < nav.scrollWidth - 4);
  };
  useEffect(() => {
    row.current
      ?.querySelector('[aria-current="page"]')
      ?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    measure();
  }, [pathname]);
  useEffect(() => {
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, []);
  return (
    <div className="relative border-t border-white/10 bg-white lg:hidden">
      <nav
        ref={row}
        aria-label="Back office"
        onScroll={measure}
        className="overflow-x-auto px-2 py-1.5"
      >
        <NavEntries counts={counts} compact />
      </nav>
      {more ? (
        <span
          aria-hidden
          className="pointer-events-none absolute inset-y-0 right-0 w-10 bg-gradient-to-l from-white"
        />
      ) : null}
    </div>
  );
}

/**
 * The back office's frame: a top bar with the signed-in admin, a way back to the shop and out,
 * and the sections (a sidebar on wide screens, a scrolling row on a phone; plain links, so it
 * works before and without JavaScript).
 */
export function AdminShell({
  admin,
  counts,
  siteName,
  children,
}: {
  admin: { name: string; email: string };
  counts: InboxCounts;
  siteName: string;
  children: React.ReactNode;
}) {
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="sticky top-0 z-30 bg-brand-900 text-white">
        <div className="on-dark flex items-center gap-3 px-4 py-2.5">
          <Link to="/admin" className="flex items-center gap-2 rounded-md font-extrabold">
            <svg aria-hidden viewBox="0 0 32 32" className="size-7">
              <rect width="32" height="32" rx="7" fill="#fff" />
              <path d="M8 24V8h14v4h-9v3h8v4h-8v5z" fill="#0b5cd5" />
              <circle cx="24" cy="22" r="3" fill="#f97316" />
            </svg>
            <span className="leading-tight">
              Back office
              <span className="block text-[0.65rem] font-semibold tracking-wider text-brand-100 uppercase">
                {siteName}
              </span>
            </span>
          </Link>
          <div className="ml-auto flex items-center gap-1 text-sm">
            <span className="hidden px-2 text-brand-100 sm:inline">
              Signed in as <strong className="text-white">{admin.name}</strong>
            </span>
            <Link
              to="/"
              className="inline-flex items-center gap-1.5 rounded-md px-2.5 py-1.5 font-medium whitespace-nowrap hover:bg-white/10"
            >
              <ExternalLink aria-hidden className="size-4" />
              View shop
            </Link>
            <Form method="post" action="/logout">
              <button
                type="submit"
                className="inline-flex items-center gap-1.5 rounded-md px-2.5 py-1.5 font-medium whitespace-nowrap hover:bg-white/10"
              >
                <LogOut aria-hidden className="size-4" />
                <span className="sr-only sm:not-sr-only">Log out</span>
              </button>
            </Form>
          </div>
        </div>
        <PhoneNav counts={counts} />
      </header>
      <div className="flex">
        <nav
          aria-label="Back office sections"
          className="sticky top-[3.25rem] hidden h-[calc(100vh-3.25rem)] w-60 shrink-0 overflow-y-auto border-r border-slate-200 bg-white p-3 lg:block"
        >
          <NavEntries counts={counts} />
          <p className="mt-6 px-3 text-xs text-slate-600 sm:hidden">Signed in as {admin.name}</p>
        </nav>
        <main id="main" className="min-w-0 flex-1 px-4 py-6 sm:px-6 lg:px-8">
          {children}
        </main>
      </div>
    </div>
  );
}

/** The link above a back-office page's header, back to where it was opened from. */
export function BackLink({ to, children }: { to: string; children: React.ReactNode }) {
  return (
    <Link
      to={to}
      className="mb-3 inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
    >
      <ArrowLeft aria-hidden className="size-4" /> {children}
    </Link>
  );
}

/** A back-office page's heading, with a short description and its main actions on the right. */
export function AdminPageHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description?: React.ReactNode;
  actions?: React.ReactNode;
}) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div>
        <h1 className="text-2xl font-extrabold tracking-tight text-slate-900 sm:text-3xl">
          {title}
        </h1>
        {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}
