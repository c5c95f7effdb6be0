import type { Route } from './+types/admin.messages.$id.read';
import { idParam } from '~/lib/route-id';
import { markMessageRead } from '~/services/inbox/messages.server';
import { requireAdmin } from '~/services/permissions.server';

/**
 * Marks a contact message read: the message page posts here once it has shown the message (a
 * GET writes nothing, so prefetches and link previews leave it unread). 204, no body.
 */
export async function action({ request, params }: Route.ActionArgs) {
  await requireAdmin(request);
  await markMessageRead(idParam(params.id));
  return new Response(null, { status: 204 });
}
