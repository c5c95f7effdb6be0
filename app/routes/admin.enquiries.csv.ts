import type { Route } from './+types/admin.enquiries.csv';
import { readEnquiryFilter } from '~/lib/schemas/inbox';
import { enquiriesCsv } from '~/services/inbox/csv.server';
import { exportEnquiryRows } from '~/services/inbox/enquiries.server';
import { refusePosts, requireAdmin } from '~/services/permissions.server';

/**
 * The enquiries in the list's current filter (same URL parameters), one row per item. No cache
 * may keep it: server/headers.ts answers every /admin address `Cache-Control: no-store`.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const filter = readEnquiryFilter(new URL(request.url).searchParams);
  const csv = enquiriesCsv(await exportEnquiryRows(filter, admin.id));
  const day = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
  return new Response(csv, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="enquiries-${day}.csv"`,
      'X-Robots-Tag': 'noindex, nofollow',
    },
  });
}

/** Posts here are answered after the guard (permissions.server's refusePosts). */
export async function action({ request }: Route.ActionArgs) {
  return refusePosts(request);
}
