import { Pencil, Trash2 } from 'lucide-react';
import { Form, Link, redirect, useActionData, useNavigation } from 'react-router';
import type { Route } from './+types/admin.replies';
import { AdminPageHeader } from '~/components/admin/admin-shell';
import { card, primaryButton, secondaryButton } from '~/components/admin/inbox/styles';
import { Field, FormError, TextAreaField } from '~/components/ui/field';
import { adminMeta } from '~/lib/admin-meta';
import { busyButton } from '~/lib/busy-button';
import { formValues } from '~/lib/forms';
import { CANNED_BODY_MAX, CANNED_TITLE_MAX, CannedReplySchema } from '~/lib/schemas/inbox';
import { useForm } from '~/lib/use-form';
import { UserError } from '~/services/errors.server';
import { formAction, parseInput, readForm, refusalKeeping } from '~/services/forms.server';
import {
  createCannedReply,
  deleteCannedReply,
  listCannedReplies,
  updateCannedReply,
} from '~/services/inbox/canned-replies.server';
import { requireAdmin } from '~/services/permissions.server';

export const meta: Route.MetaFunction = () => adminMeta('Canned replies');

const DONE = {
  created: 'Canned reply added.',
  updated: 'Canned reply saved.',
  deleted: 'Canned reply deleted.',
} as const;

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const replies = await listCannedReplies();
  const editId = Number(url.searchParams.get('edit'));
  const done = url.searchParams.get('done');
  return {
    replies,
    editing: replies.find((r) => r.id === editId) ?? null,
    done: done && done in DONE ? DONE[done as keyof typeof DONE] : null,
  };
}

/** Adds, changes or deletes a canned reply; each is answered with the list (and its message). */
export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  return formAction(async () => {
    const form = await readForm(request);
    const values = formValues(form);
    const id = Number(values.id);
    try {
      switch (values.intent) {
        case 'create':
          await createCannedReply(admin, parseInput(CannedReplySchema, values));
          break;
        case 'update':
          await updateCannedReply(admin, id, parseInput(CannedReplySchema, values));
          break;
        case 'delete':
          await deleteCannedReply(admin, id);
          break;
        default:
          throw new UserError('This action is not known. Please reload the page.', 400);
      }
    } catch (error) {
      return refusalKeeping(error, form);
    }
    throw redirect(`/admin/replies?done=${values.intent}d`);
  });
}

export default function CannedReplies({ loaderData }: Route.ComponentProps) {
  const { replies, editing, done } = loaderData;
  const result = useActionData<typeof action>();
  const typed = (result && !result.ok && 'typed' in result ? result.typed : null) as Record<
    string,
    string
  > | null;
  const form = useForm(CannedReplySchema, result);
  const busy = useNavigation().state === 'submitting';
  const start = typed ?? (editing ? { title: editing.title, body: editing.body } : {});
  return (
    <>
      <AdminPageHeader
        title="Canned replies"
        description="Snippets to insert into a reply to an enquiry or a message: opening hours, delivery terms, a follow-up. Every change is in the activity log."
      />
      {done ? (
        <p role="status" className="mb-4 rounded-md bg-green-50 px-3 py-2 text-sm text-green-900">
          {done}
        </p>
      ) : null}
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <section aria-labelledby="list-heading">
          <h2 id="list-heading" className="sr-only">
            All canned replies
          </h2>
          {replies.length ? (
            <ul aria-label="Canned replies" className="space-y-3">
              {replies.map((r) => (
                <li key={r.id} className={card}>
                  <h3 className="font-semibold break-words text-slate-900">{r.title}</h3>
                  <p className="mt-1 text-sm break-words whitespace-pre-line text-slate-700">
                    {r.body}
                  </p>
                  <div className="mt-3 flex flex-wrap gap-2">
                    <Link to={`/admin/replies?edit=${r.id}`} className={secondaryButton}>
                      <Pencil aria-hidden className="size-4" /> Edit
                      <span className="sr-only"> {r.title}</span>
                    </Link>
                    <Form method="post">
                      <input type="hidden" name="intent" value="delete" />
                      <input type="hidden" name="id" value={r.id} />
                      <button type="submit" className={secondaryButton}>
                        <Trash2 aria-hidden className="size-4" /> Delete
                        <span className="sr-only"> {r.title}</span>
                      </button>
                    </Form>
                  </div>
                </li>
              ))}
            </ul>
          ) : (
            <p className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-700">
              No canned replies yet.
            </p>
          )}
        </section>
        <section aria-labelledby="form-heading" className={`${card} self-start`}>
          <h2 id="form-heading" className="mb-3 text-lg font-bold text-slate-900">
            {editing ? 'Edit canned reply' : 'New canned reply'}
          </h2>
          {/* A new key for each reply edited, so the fields start from its values. */}
          <Form method="post" key={editing?.id ?? 'new'} {...form.props}>
            <input type="hidden" name="intent" value={editing ? 'update' : 'create'} />
            {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
            <FormError message={form.formError} />
            <Field
              id="title"
              label="Title"
              defaultValue={start.title}
              maxLength={CANNED_TITLE_MAX}
              error={form.errors.title}
              required
            />
            <TextAreaField
              id="body"
              label="Text"
              hint="Inserted into the reply as it is written here."
              defaultValue={start.body}
              rows={8}
              maxLength={CANNED_BODY_MAX}
              error={form.errors.body}
              required
            />
            <div className="flex flex-wrap gap-2">
              <button type="submit" {...busyButton(busy)} className={primaryButton}>
                {editing ? 'Save' : 'Add canned reply'}
              </button>
              {editing ? (
                <Link to="/admin/replies" className={secondaryButton}>
                  Cancel
                </Link>
              ) : null}
            </div>
          </Form>
        </section>
      </div>
    </>
  );
}
