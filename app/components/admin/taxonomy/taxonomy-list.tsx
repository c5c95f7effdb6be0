import { CheckCircle2, ExternalLink, Pencil, Plus, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import {
  Form,
  Link,
  useFetcher,
  useNavigation,
  useRevalidator,
  useSearchParams,
} from 'react-router';
import { AdminPageHeader } from '~/components/admin/admin-shell';
import { ConfirmDialog, MessageDialog, Modal, ModalCancel } from '~/components/ui/dialog';
import { Field, FormError } from '~/components/ui/field';
import { busyButton } from '~/lib/busy-button';
import type { ActionResult } from '~/lib/forms';
import { pageHeading } from '~/lib/page-heading';
import { taxonomyInUse } from '~/lib/schemas/taxonomy';
import { toast } from '~/lib/toast';
import { useForm } from '~/lib/use-form';
import { useOnResult } from '~/lib/use-on-result';
import type { TaxonomyCopy } from './labels';

export interface Entry {
  id: number;
  name: string;
  /** Products using it outside the trash, and in it (which keep it from being deleted too). */
  productCount: number;
  trashedCount: number;
}

/** Why the entry cannot be deleted, or null when nothing uses it. */
const inUse = (copy: TaxonomyCopy, entry: Entry) => {
  const used = entry.productCount + entry.trashedCount;
  return used > 0 ? taxonomyInUse(copy.kind, used, entry.trashedCount) : null;
};

export type ListResult = ActionResult<{ intent: 'rename' | 'delete'; id: number }>;

const button =
  'inline-flex items-center gap-1.5 rounded-md px-2 py-1.5 text-sm font-semibold whitespace-nowrap max-[359px]:px-1.5 sm:px-2.5';
const primary =
  'rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 disabled:opacity-60 aria-disabled:opacity-60';

/**
 * The Sports or Categories list: each entry with its product count, a link to its shop page, and
 * Rename and Delete. With JavaScript, Rename opens a dialog and Delete asks first ('Are you sure?')
 * and both post in the background; without it, the same links open the form or the question in
 * the row (`?rename=ID`, `?delete=ID`) and post the page. Delete of an entry that products use
 * says so instead of asking (the server refuses it anyway).
 */
export function TaxonomyList({
  copy,
  entries,
  result,
}: {
  copy: TaxonomyCopy;
  entries: Entry[];
  result: ListResult | undefined;
}) {
  const [params] = useSearchParams();
  const [renaming, setRenaming] = useState<Entry | null>(null);
  const [deleting, setDeleting] = useState<Entry | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [blocked, setBlocked] = useState<Entry | null>(null);
  const rename = useFetcher<ListResult>({ key: `${copy.one}-rename` });
  const remove = useFetcher<ListResult>({ key: `${copy.one}-delete` });
  const renameForm = useForm(copy.renameSchema, rename.data);

  // A refusal is not followed by a new read of the list (React Router revalidates after
  // successes only), and it may be about the list being stale: an entry another admin deleted or
  // renamed, or one that products now use. So the list is read again.
  const revalidator = useRevalidator();
  useOnResult(rename.data, (r) => {
    if (!r.ok) return void revalidator.revalidate();
    setRenaming(null);
    toast.success(r.message ?? 'Renamed.');
  });
  // A deleted row takes its Delete, which had the focus, with it (when the list is read again,
  // which may be after the question has closed): the focus goes to the next row's Delete, the
  // previous row's for the last row, or the heading when the list is left empty. A cancelled or
  // refused delete keeps the row, and the focus goes back to its Delete.
  const deleteLinkId = (id: number) => `${copy.one}-delete-${id}`;
  const afterDelete = useRef<{ id: number; next: number | null } | null>(null);
  const focusAfterDelete = () => {
    const asked = afterDelete.current;
    afterDelete.current = null;
    const done = remove.data;
    if (!asked || !done?.ok || done.id !== asked.id) return null;
    return (asked.next && document.getElementById(deleteLinkId(asked.next))) || pageHeading();
  };
  useOnResult(remove.data, (r) => {
    setDeleting(null);
    if (r.ok) return void toast.success(r.message ?? 'Deleted.');
    setRefusal(r.error ?? r.fields?.id ?? 'The delete failed. Please try again.');
    void revalidator.revalidate();
  });

  // Without JavaScript: the row named in the URL shows its form, until the post succeeded.
  const done = (id: number) => result?.ok && result.id === id;
  const inlineRename = Number(params.get('rename')) || null;
  const inlineDelete = Number(params.get('delete')) || null;

  return (
    <>
      <AdminPageHeader
        title={copy.title}
        description={`${entries.length} ${entries.length === 1 ? copy.one : copy.many}. Rename one and the shop follows at once; one that products use cannot be deleted.`}
        actions={
          <Link
            to={copy.createHref}
            className="inline-flex items-center gap-2 rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700"
          >
            <Plus aria-hidden className="size-4" /> Add {copy.one}
          </Link>
        }
      />
      <div role="status" aria-live="polite">
        {result?.ok && result.message ? (
          <p className="mb-4 flex items-center gap-2 rounded-md bg-green-50 px-3 py-2 text-sm text-green-900">
            <CheckCircle2 aria-hidden className="size-4 shrink-0" /> {result.message}
          </p>
        ) : null}
      </div>
      {/* Relative: the rows' screen-reader texts (absolutely placed) scroll with the table in
          its box, instead of widening the page when the table is wider than a phone. */}
      <div className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{copy.title}</caption>
          <thead className="border-b border-slate-200 bg-slate-50 text-xs tracking-wide text-slate-600 uppercase">
            <tr>
              <th scope="col" className="w-full px-4 py-3 font-semibold">
                Name
              </th>
              <th scope="col" className="px-2 py-3 text-right font-semibold sm:px-4">
                Products
              </th>
              <th scope="col" className="relative px-4 py-3 text-right font-semibold">
                <span className="sr-only sm:not-sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {entries.map((entry) => (
              <tr key={entry.id} className="align-top">
                {/* A long one-word name (up to 60 characters) wraps anywhere: it would otherwise
                    push the count and the actions out of a phone's screen. */}
                <th
                  scope="row"
                  className="px-4 py-3 font-semibold text-slate-900 [overflow-wrap:anywhere]"
                >
                  {inlineRename === entry.id && !done(entry.id) ? (
                    <InlineRename copy={copy} entry={entry} result={result} />
                  ) : (
                    entry.name
                  )}
                  {inlineDelete === entry.id && !done(entry.id) ? (
                    <InlineDelete copy={copy} entry={entry} result={result} />
                  ) : null}
                </th>
                <td className="px-2 py-3 text-right text-slate-800 tabular-nums sm:px-4">
                  {entry.productCount}
                  {entry.trashedCount ? (
                    <span className="block text-xs whitespace-nowrap text-slate-600">
                      +{entry.trashedCount} in trash
                    </span>
                  ) : null}
                </td>
                <td className="px-2 py-2 sm:px-4">
                  <div className="flex justify-end gap-0.5 sm:gap-1">
                    {/* Under 360 px the row has room for Rename and Delete only. */}
                    <Link
                      to={copy.shopHref(entry.id)}
                      className={`${button} text-slate-700 hover:bg-slate-100 max-[359px]:hidden`}
                    >
                      <ExternalLink aria-hidden className="size-4" />
                      <span className="sr-only sm:not-sr-only">View</span>
                      <span className="sr-only"> {entry.name} in the shop</span>
                    </Link>
                    <Link
                      to={`?rename=${entry.id}`}
                      preventScrollReset
                      onClick={(event) => {
                        event.preventDefault();
                        // No message left over from another entry's rename: the fields' and
                        // the form's (the last answer, which the fetcher keeps).
                        renameForm.reset();
                        rename.reset();
                        setRenaming(entry);
                      }}
                      className={`${button} text-brand-700 hover:bg-brand-50`}
                    >
                      <Pencil aria-hidden className="size-4" />
                      <span className="sr-only sm:not-sr-only">Rename</span>
                      <span className="sr-only"> {entry.name}</span>
                    </Link>
                    <Link
                      id={deleteLinkId(entry.id)}
                      to={`?delete=${entry.id}`}
                      preventScrollReset
                      onClick={(event) => {
                        event.preventDefault();
                        if (inUse(copy, entry)) setBlocked(entry);
                        else setDeleting(entry);
                      }}
                      className={`${button} text-red-700 hover:bg-red-50`}
                    >
                      <Trash2 aria-hidden className="size-4" />
                      <span className="sr-only sm:not-sr-only">Delete</span>
                      <span className="sr-only"> {entry.name}</span>
                    </Link>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {entries.length === 0 ? (
          <p className="px-4 py-8 text-center text-slate-600">
            No {copy.many} yet. <Link to={copy.createHref}>Add the first one.</Link>
          </p>
        ) : null}
      </div>

      <Modal
        open={renaming !== null}
        onOpenChange={(open) => {
          if (!open) setRenaming(null);
        }}
        title={`Rename ${copy.one}`}
        description={
          renaming
            ? `${renaming.name} is used by ${renaming.productCount} ${renaming.productCount === 1 ? 'product' : 'products'}; they follow the new name.`
            : undefined
        }
        initialFocus="rename-name"
      >
        {renaming ? (
          <rename.Form
            method="post"
            action={copy.listHref}
            {...renameForm.props}
            className="mt-4 space-y-2"
          >
            <input type="hidden" name="intent" value="rename" />
            <input type="hidden" name="id" value={renaming.id} />
            <FormError message={renameForm.formError} />
            <Field
              id="rename-name"
              name="name"
              label={copy.fieldLabel}
              defaultValue={renaming.name}
              autoComplete="off"
              error={renameForm.errors.name}
            />
            <div className="flex justify-end gap-2">
              <ModalCancel />
              <button type="submit" {...busyButton(rename.state !== 'idle')} className={primary}>
                Save
              </button>
            </div>
          </rename.Form>
        ) : null}
      </Modal>

      <ConfirmDialog
        open={deleting !== null}
        title="Are you sure?"
        message={
          deleting ? (
            <>
              <strong>{deleting.name}</strong> will be deleted. You won&apos;t be able to revert
              this!
            </>
          ) : (
            ''
          )
        }
        confirm="Yes, delete it!"
        busy={remove.state !== 'idle'}
        onCancel={() => setDeleting(null)}
        returnFocus={focusAfterDelete}
        onConfirm={() => {
          if (!deleting) return;
          const at = entries.findIndex((e) => e.id === deleting.id);
          afterDelete.current = {
            id: deleting.id,
            next: (entries[at + 1] ?? entries[at - 1])?.id ?? null,
          };
          void remove.submit(
            { intent: 'delete', id: String(deleting.id) },
            { method: 'post', action: copy.listHref },
          );
        }}
      />
      <MessageDialog
        open={refusal !== null}
        title="Error"
        message={refusal ?? ''}
        action="OK"
        onClose={() => setRefusal(null)}
      />
      <MessageDialog
        open={blocked !== null}
        title={blocked ? `${blocked.name} cannot be deleted` : ''}
        message={blocked ? inUse(copy, blocked) : ''}
        action="OK"
        onClose={() => setBlocked(null)}
      >
        {blocked?.productCount ? (
          <Link
            to={copy.productsHref(blocked.id)}
            className="mt-4 block w-fit font-semibold text-brand-700 underline"
          >
            Show its products
          </Link>
        ) : null}
      </MessageDialog>
    </>
  );
}

/** Rename in the row, for a browser without JavaScript (`?rename=ID`). */
function InlineRename({
  copy,
  entry,
  result,
}: {
  copy: TaxonomyCopy;
  entry: Entry;
  result: ListResult | undefined;
}) {
  const busy = useNavigation().state === 'submitting';
  const error = result && !result.ok ? (result.fields?.name ?? result.error) : undefined;
  return (
    <Form method="post" className="font-normal">
      <input type="hidden" name="intent" value="rename" />
      <input type="hidden" name="id" value={entry.id} />
      <Field
        id={`name-${entry.id}`}
        name="name"
        label={`New name for ${entry.name}`}
        defaultValue={result && !result.ok ? (result.typed?.name ?? entry.name) : entry.name}
        autoComplete="off"
        error={error}
      />
      <div className="flex gap-2">
        <button type="submit" {...busyButton(busy)} className={primary}>
          Save
        </button>
        <Link to={copy.listHref} className="rounded-md px-4 py-2 font-semibold text-slate-700">
          Cancel
        </Link>
      </div>
    </Form>
  );
}

/**
 * The delete question in the row, for a browser without JavaScript (`?delete=ID`); for an entry
 * that products use, why it cannot be deleted instead.
 */
function InlineDelete({
  copy,
  entry,
  result,
}: {
  copy: TaxonomyCopy;
  entry: Entry;
  result: ListResult | undefined;
}) {
  const blocked = inUse(copy, entry);
  if (blocked)
    return (
      <div className="mt-2 space-y-2 font-normal">
        <p role="alert" className="text-red-800">
          {blocked}
        </p>
        <div className="flex gap-2">
          {entry.productCount ? (
            <Link
              to={copy.productsHref(entry.id)}
              className="rounded-md px-4 py-2 font-semibold text-brand-700 underline"
            >
              Show its products
            </Link>
          ) : null}
          <Link to={copy.listHref} className="rounded-md px-4 py-2 font-semibold text-slate-700">
            Cancel
          </Link>
        </div>
      </div>
    );
  return (
    <Form method="post" className="mt-2 space-y-2 font-normal">
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="id" value={entry.id} />
      <FormError message={result && !result.ok ? result.error : undefined} />
      <p className="text-slate-800">Are you sure? You won&apos;t be able to revert this!</p>
      <div className="flex gap-2">
        <button
          type="submit"
          className="rounded-md bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800"
        >
          Yes, delete it!
        </button>
        <Link to={copy.listHref} className="rounded-md px-4 py-2 font-semibold text-slate-700">
          Cancel
        </Link>
      </div>
    </Form>
  );
}
