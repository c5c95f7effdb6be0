import { CheckCircle2, Inbox, Mail, RotateCcw } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { data, Link, useActionData, useFetcher, useRevalidator } from 'react-router';
import type { Route } from './+types/admin.messages.$id';
import { PostResult } from '~/components/admin/inbox/post-result';
import { AdminPageHeader, BackLink } from '~/components/admin/admin-shell';
import { When } from '~/components/admin/inbox/status-badge';
import { card, primaryButton, secondaryButton } from '~/components/admin/inbox/styles';
import { FormError } from '~/components/ui/field';
import { ReplyComposer, type Snippet } from '~/components/admin/inbox/reply-composer';
import { adminMeta } from '~/lib/admin-meta';
import { busyButton } from '~/lib/busy-button';
import { formValues } from '~/lib/forms';
import { MessageHandledSchema, ReplySchema } from '~/lib/schemas/inbox';
import { mailtoHref } from '~/lib/schemas/email';
import { toast } from '~/lib/toast';
import { useForm } from '~/lib/use-form';
import { useOnResult } from '~/lib/use-on-result';
import { UserError } from '~/services/errors.server';
import { formAction, parseInput, readForm } from '~/services/forms.server';
import {
  readMessage,
  replyToMessage,
  setMessageHandled,
} from '~/services/inbox/messages.server';
import { requireAdmin } from '~/services/permissions.server';
import { listCannedReplies } from '~/services/inbox/canned-replies.server';
import { enquiryOfMessage } from '~/services/inbox/desk.server';
import { insertAnswer } from '~/services/inbox/insert-answer.server';
import { messageReplySubject, replyTemplate } from '~/services/inbox/mails.server';
import { idParam } from '~/lib/route-id';

export const meta: Route.MetaFunction = ({ data: d }) =>
  adminMeta(d ? `Message from ${d.message.name}` : 'Message');

export async function loader({ request, params }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const message = await readMessage(idParam(params.id));
  if (!message) throw data('Message not found', { status: 404 });
  const [enquiry, snippets] = await Promise.all([
    enquiryOfMessage(message.id),
    listCannedReplies(),
  ]);
  return {
    message,
    enquiry,
    snippets: snippets.map(({ id, title, body }) => ({ id, title, body })),
    mail: { subject: messageReplySubject(), template: replyTemplate(message.name, admin.name) },
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const id = idParam(params.id);
  return formAction(async () => {
    const form = await readForm(request);
    const values = formValues(form);
    if (values.intent === 'handled') {
      const handled = parseInput(MessageHandledSchema, values).handled === 'true';
      await setMessageHandled(admin, id, handled);
      return { ok: true as const, message: handled ? 'Marked as handled.' : 'Reopened.' };
    }
    if (values.intent === 'reply') {
      // Without JavaScript, Insert posts the form: the page comes back with the canned reply in.
      if (values.insert) return insertAnswer(values);
      const { body } = parseInput(ReplySchema, values);
      const { to } = await replyToMessage(admin, id, body, {
        markHandled: form.get('markHandled') === 'on',
      });
      return { ok: true as const, message: `Reply sent to ${to}.` };
    }
    throw new UserError('This action is not known. Please reload the page.', 400);
  });
}

type Answer =
  | { ok: true; message?: string; intent?: 'insert'; body?: string }
  | { ok: false; error?: string; fields?: Record<string, string> };

const KIND = {
  reply: { icon: Mail, text: 'replied by e-mail' },
  handled: { icon: CheckCircle2, text: 'marked it handled' },
  reopened: { icon: RotateCcw, text: 'reopened it' },
} as const;

function ReplyForm({
  to,
  mail,
  snippets,
  start,
}: {
  to: string;
  mail: Route.ComponentProps['loaderData']['mail'];
  snippets: Snippet[];
  start: string;
}) {
  const fetcher = useFetcher<Answer>();
  const ref = useRef<HTMLFormElement>(null);
  const form = useForm(ReplySchema, fetcher.data);
  useOnResult(fetcher.data, (r) => {
    if (!r.ok) return;
    toast.success(r.message ?? 'Sent.');
    ref.current?.reset();
  });
  return (
    <fetcher.Form method="post" ref={ref} {...form.props}>
      <input type="hidden" name="intent" value="reply" />
      <FormError message={form.formError} />
      <ReplyComposer
        label="Your reply"
        to={to}
        subject={mail.subject}
        start={start}
        footer={null}
        snippets={snippets}
        error={form.errors.body}
        hint="Sent exactly as written here; their answer comes back to the company address."
      />
      <label className="mb-4 flex items-center gap-2 text-sm text-slate-800">
        <input type="checkbox" name="markHandled" defaultChecked className="size-4" />
        Mark as handled when sent
      </label>
      <button type="submit" {...busyButton(fetcher.state !== 'idle')} className={primaryButton}>
        Send reply
      </button>
    </fetcher.Form>
  );
}

function HandledForm({ handled }: { handled: boolean }) {
  const fetcher = useFetcher<Answer>();
  useOnResult(fetcher.data, (r) => (r.ok ? toast.success(r.message ?? 'Saved.') : undefined));
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="handled" />
      <input type="hidden" name="handled" value={handled ? 'false' : 'true'} />
      <button type="submit" {...busyButton(fetcher.state !== 'idle')} className={secondaryButton}>
        {handled ? (
          <>
            <RotateCcw aria-hidden className="size-4" /> Reopen
          </>
        ) : (
          <>
            <CheckCircle2 aria-hidden className="size-4" /> Mark handled
          </>
        )}
      </button>
    </fetcher.Form>
  );
}

/**
 * Marks the message read once its page has shown it, with a POST: the page's GET writes nothing,
 * so a prefetch or a link preview does not mark it. Without JavaScript a reply or Mark handled
 * marks it read.
 *
 * A plain fetch and then a revalidation (the back office's unread count), not a fetcher: React
 * Router ends a fetcher action by committing its reload over any navigation begun while that
 * reload ran, and one begun while the router was still finding its routes was dropped, so a
 * link clicked in the page's first moments did nothing now and then. A revalidation during a
 * navigation restarts that navigation instead.
 */
function useMarkRead(id: number, unread: boolean) {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (!unread) return;
    let shown = true;
    void fetch(`/admin/messages/${id}/read`, { method: 'POST' })
      .then((response) => {
        if (response.ok && shown) void revalidate();
      })
      // Unread it stays: the next visit marks it again.
      .catch(() => undefined);
    return () => {
      shown = false;
    };
  }, [id, unread, revalidate]);
}

export default function AdminMessage({ loaderData }: Route.ComponentProps) {
  const { message, enquiry, snippets, mail } = loaderData;
  const plain = useActionData<typeof action>() as Answer | undefined;
  useMarkRead(message.id, message.readAt === null);
  return (
    <>
      <BackLink to={'/admin/messages'}>All messages</BackLink>
      <AdminPageHeader
        title={`Message from ${message.name}`}
        description={
          <>
            {message.handled ? 'Handled' : 'Open'} · received <When date={message.createdAt} />
          </>
        }
        actions={
          <>
            {enquiry ? (
              <Link to={`/admin/enquiries/${enquiry.id}`} className={secondaryButton}>
                <Inbox aria-hidden className="size-4" /> Enquiry {enquiry.reference}
              </Link>
            ) : (
              <Link to={`/admin/enquiries/new?message=${message.id}`} className={secondaryButton}>
                <Inbox aria-hidden className="size-4" /> Turn into an enquiry
              </Link>
            )}
            <HandledForm handled={message.handled} />
          </>
        }
      />
      <PostResult result={plain} />
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="space-y-6">
          <section aria-labelledby="message-heading" className={card}>
            <h2 id="message-heading" className="text-lg font-bold text-slate-900">
              Message
            </h2>
            <p className="mt-2 text-sm whitespace-pre-line text-slate-800">{message.message}</p>
          </section>
          <section aria-labelledby="history-heading" className={card}>
            <h2 id="history-heading" className="text-lg font-bold text-slate-900">
              History
            </h2>
            {message.events.length ? (
              <ol className="mt-3 space-y-3">
                {message.events.map((e) => {
                  const { icon: Icon, text } = KIND[e.kind];
                  return (
                    <li key={e.id} className="flex gap-3">
                      <span className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
                        <Icon aria-hidden className="size-4" />
                      </span>
                      <div className="min-w-0 flex-1 text-sm text-slate-700">
                        <p>
                          <strong className="font-semibold text-slate-900">{e.actorName}</strong>{' '}
                          {text} · <When date={e.createdAt} />
                        </p>
                        {e.body ? (
                          <p className="mt-1.5 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 whitespace-pre-line text-slate-800">
                            {e.body}
                          </p>
                        ) : null}
                      </div>
                    </li>
                  );
                })}
              </ol>
            ) : (
              <p className="mt-2 text-sm text-slate-600">No replies yet.</p>
            )}
          </section>
          <section aria-labelledby="reply-heading" className={card}>
            <h2 id="reply-heading" className="sr-only">
              Reply
            </h2>
            <ReplyForm
              to={message.email}
              mail={mail}
              snippets={snippets}
              start={
                plain?.ok && plain.intent === 'insert' && plain.body ? plain.body : mail.template
              }
            />
          </section>
        </div>
        <aside>
          <section aria-labelledby="from-heading" className={card}>
            <h2 id="from-heading" className="text-lg font-bold text-slate-900">
              From
            </h2>
            <dl className="mt-2 space-y-2 text-sm">
              <div>
                <dt className="text-slate-600">Name</dt>
                <dd className="text-slate-900">{message.name}</dd>
              </div>
              <div>
                <dt className="text-slate-600">E-mail</dt>
                <dd>
                  <a
                    href={mailtoHref(message.email)}
                    className="break-all text-brand-700 underline"
                  >
                    {message.email}
                  </a>
                </dd>
              </div>
              <div>
                <dt className="text-slate-600">Phone</dt>
                <dd>
                  <a
                    href={`tel:${message.phone.replace(/[^\d+]/g, '')}`}
                    className="text-brand-700 underline"
                  >
                    {message.phone}
                  </a>
                </dd>
              </div>
              <div>
                <dt className="text-slate-600">Privacy notice</dt>
                <dd>
                  {message.privacyNoticeVersion
                    ? `Version of ${message.privacyNoticeVersion}`
                    : 'Not recorded'}
                </dd>
              </div>
            </dl>
          </section>
        </aside>
      </div>
    </>
  );
}
