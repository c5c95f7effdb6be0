import { Copy, ExternalLink } from 'lucide-react';
import { Form, Link, useFetcher, useRevalidator } from 'react-router';
import type { Route } from './+types/admin.edit.$productId';
import { AdminPageHeader } from '~/components/admin/admin-shell';
import { ProductForm, typedFields } from '~/components/admin/products/product-form';
import { ProductHistory } from '~/components/admin/products/product-history';
import { listDate, StatusBadge } from '~/components/admin/products/product-table';
import { adminMeta } from '~/lib/admin-meta';
import { callServerAction } from '~/lib/client-action';
import { formValues } from '~/lib/forms';
import {
  PRODUCT_ARRAYS,
  PRODUCT_MESSAGES,
  ProductEditSchema,
  typedProductFields,
} from '~/lib/schemas/product';
import { listAudit } from '~/services/audit/audit.server';
import {
  getProductForEdit,
  purgeDate,
  updateProduct,
  withThumbnails,
  type SavedProduct,
} from '~/services/catalogue/admin-products.server';
import { listCategories, listSports } from '~/services/catalogue/taxonomy.server';
import { UserError } from '~/services/errors.server';
import { formAction, parseInput, refusalKeeping } from '~/services/forms.server';
import { readProductUpload } from '~/services/media/uploads.server';
import { requireAdmin } from '~/services/permissions.server';

export const meta: Route.MetaFunction = ({ data }) =>
  adminMeta(data ? `Edit ${data.product.name}` : 'Edit Product');

/** The URL's product id, or a 404 for anything that is not one. */
function productIdOf(param: string): number {
  const id = /^[1-9]\d{0,9}$/.test(param) ? Number(param) : NaN;
  if (!Number.isSafeInteger(id) || id > 2_147_483_647)
    throw new Response('Product not found', { status: 404, statusText: 'Not Found' });
  return id;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const id = productIdOf(params.productId);
  const [product, sports, categories, history] = await Promise.all([
    getProductForEdit(id),
    listSports(),
    listCategories(),
    listAudit({ entity: 'product', entityId: id, limit: 50 }),
  ]);
  if (!product) throw new Response('Product not found', { status: 404, statusText: 'Not Found' });
  // What the page was opened after: a create or a duplicate lands here (?created, ?copied).
  const url = new URL(request.url);
  const arrived = url.searchParams.has('created')
    ? `${product.name} successfully created.`
    : url.searchParams.has('copied')
      ? `Copy saved as a draft: ${product.name}. Change what differs, then publish it.`
      : url.searchParams.has('restored')
        ? `${product.name} restored.`
        : null;
  const { deletedAt, ...rest } = product;
  return {
    product: rest,
    trashed: deletedAt
      ? { at: listDate.format(deletedAt), purgeOn: listDate.format(purgeDate(deletedAt)) }
      : null,
    arrived,
    sports,
    categories,
    history: history.map((h) => ({ ...h, changes: withThumbnails(h.changes) })),
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  type Saved = { ok: true; message: string; product: SavedProduct };
  return formAction<Saved>(async () => {
    const id = productIdOf(params.productId);
    if (request.method !== 'POST') throw new UserError('Method not allowed.', 405);
    const { form, files } = await readProductUpload(request);
    try {
      const input = parseInput(ProductEditSchema, formValues(form, PRODUCT_ARRAYS));
      const product = await updateProduct(admin, id, input, files);
      return { ok: true as const, message: `${product.name} successfully updated.`, product };
    } catch (error) {
      // Without JavaScript the refusal is a new page: it starts from what was typed, not from
      // what is stored (a conflict's edit would otherwise be lost without a word).
      return refusalKeeping(error, typedProductFields(form));
    }
  });
}

/** With JavaScript: a lost connection or a 5xx leaves the form, its fields and images, on screen. */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return callServerAction(serverAction);
}

const headerButton =
  'inline-flex items-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50';

export default function AdminEditProduct({ loaderData, actionData }: Route.ComponentProps) {
  const { product, trashed, arrived, sports, categories, history } = loaderData;
  const fetcher = useFetcher<typeof action>();
  // With JavaScript the form posts through the fetcher; without, the page is the answer.
  const result = fetcher.data ?? actionData;
  const revalidator = useRevalidator();
  // Staff stay on the product after a save: the form shows what was stored, and says so.
  const notice = result?.ok ? result.message : (arrived ?? undefined);
  const listed = product.status === 'published';

  return (
    <>
      <AdminPageHeader
        title="Edit Product"
        description={
          <>
            <span className="[overflow-wrap:anywhere]">{product.name}</span>{' '}
            {trashed ? (
              <StatusBadge status="trashed" />
            ) : listed ? null : (
              <StatusBadge status={product.status} />
            )}{' '}
            ·{' '}
            <Link to="/admin/list" className="font-medium text-brand-700 underline">
              Back to products
            </Link>
          </>
        }
        actions={
          trashed ? null : (
            <>
              <Link to={`/products/${product.id}`} className={headerButton}>
                <ExternalLink aria-hidden className="size-4" />
                {listed ? 'View in the shop' : 'Preview (not in the shop)'}
              </Link>
              {/* A copy of the product as stored, as a new draft: its own page comes next. */}
              <Form method="post" action="/admin/list">
                <input type="hidden" name="intent" value="duplicate" />
                <input type="hidden" name="productId" value={product.id} />
                <button type="submit" className={headerButton}>
                  <Copy aria-hidden className="size-4" /> Duplicate
                </button>
              </Form>
            </>
          )
        }
      />
      {trashed ? (
        <section
          aria-labelledby="trash-heading"
          className="rounded-xl border border-red-200 bg-white p-4 shadow-sm"
        >
          <h2 id="trash-heading" className="text-lg font-bold text-slate-900">
            In the trash
          </h2>
          <p className="mt-1 text-slate-700">
            Deleted on {trashed.at}; it is deleted for good on {trashed.purgeOn}. Restore it to edit
            it or show it in the shop again.
          </p>
          <Form method="post" action="/admin/list" className="mt-3">
            <input type="hidden" name="intent" value="restore" />
            <input type="hidden" name="productId" value={product.id} />
            <input type="hidden" name="back" value="edit" />
            <button
              type="submit"
              className="rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700"
            >
              Restore
            </button>
          </Form>
        </section>
      ) : (
        <ProductForm
          // The saved revision remounts the form with what was stored (new image ids, new revision),
          // and so does another product (a duplicate opens on this same page).
          key={`${product.id}:${product.revision}`}
          schema={ProductEditSchema}
          sports={sports}
          categories={categories}
          initial={{
            ...product,
            images: product.images.map((i) => ({ kind: 'existing', id: i.id, src: i.src })),
            ...typedFields(actionData),
          }}
          result={result}
          busy={fetcher.state !== 'idle'}
          notice={notice}
          onSubmit={(data) =>
            void fetcher.submit(data, { method: 'post', encType: 'multipart/form-data' })
          }
        />
      )}
      {arrived && !trashed && !result ? (
        <p className="mt-3 text-sm">
          <Link to="/admin/create" className="font-semibold text-brand-700 underline">
            Add another product
          </Link>
        </p>
      ) : null}
      {result && !result.ok && result.error === PRODUCT_MESSAGES.conflict ? (
        <p className="mt-3 text-sm">
          {/* A link, so it works without JavaScript too (a new page of the stored product). */}
          <a
            href={`/admin/edit/${product.id}`}
            onClick={(event) => {
              event.preventDefault();
              // Forget the refused save, so its message goes with the stale form.
              fetcher.reset();
              void revalidator.revalidate();
            }}
            className="font-semibold text-brand-700 underline"
          >
            Reload the product
          </a>{' '}
          (your unsaved changes on this page will be replaced by the stored ones).
        </p>
      ) : null}
      <ProductHistory entries={history} />
    </>
  );
}
