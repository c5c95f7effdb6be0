import { useState } from 'react';
import { Link, useFetcher, useNavigate, useRevalidator } from 'react-router';
import type { Route } from './+types/admin.edit.$productId';
import { AdminPageHeader } from '~/components/admin/admin-shell';
import { ProductForm, typedFields } from '~/components/admin/products/product-form';
import { ProductHistory } from '~/components/admin/products/product-history';
import { MessageDialog } from '~/components/ui/dialog';
import { adminMeta } from '~/lib/admin-meta';
import { callServerAction } from '~/lib/client-action';
import { formValues } from '~/lib/forms';
import { PRODUCT_ARRAYS, PRODUCT_MESSAGES, ProductEditSchema } from '~/lib/schemas/product';
import { useOnResult } from '~/lib/use-on-result';
import { listAudit } from '~/services/audit/audit.server';
import {
  getProductForEdit,
  updateProduct,
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
  return { product, sports, categories, history };
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
      return { ok: true as const, message: `${product.name} successfully updated`, product };
    } catch (error) {
      // Without JavaScript the refusal is a new page: it starts from what was typed, not from
      // what is stored (a conflict's edit would otherwise be lost without a word).
      return refusalKeeping(error, form);
    }
  });
}

/** With JavaScript: a lost connection or a 5xx leaves the form, its fields and images, on screen. */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return callServerAction(serverAction);
}

export default function AdminEditProduct({ loaderData, actionData }: Route.ComponentProps) {
  const { product, sports, categories, history } = loaderData;
  const fetcher = useFetcher<typeof action>();
  // With JavaScript the form posts through the fetcher; without, the page is the answer.
  const result = fetcher.data ?? actionData;
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [saved, setSaved] = useState<string | null>(null);
  useOnResult(fetcher.data, (result) => {
    if (result.ok) setSaved(result.message);
  });

  return (
    <>
      <AdminPageHeader
        title="Edit Product"
        description={
          <>
            {product.name} ·{' '}
            <Link to={`/products/${product.id}`} className="font-medium text-brand-700 underline">
              View in the shop
            </Link>
          </>
        }
      />
      <ProductForm
        // The saved revision remounts the form with what was stored (new image ids, new revision).
        key={product.revision}
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
        onSubmit={(data) =>
          void fetcher.submit(data, { method: 'post', encType: 'multipart/form-data' })
        }
      />
      {actionData?.ok ? (
        <p role="status" className="mt-3 rounded-md bg-green-50 px-3 py-2 text-sm text-green-900">
          {actionData.message}.{' '}
          <Link to="/admin/list" className="font-semibold underline">
            Back to Home screen
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
      <MessageDialog
        open={saved !== null}
        title="Product saved"
        message={saved ?? ''}
        action="Back to Home screen"
        onClose={() => {
          setSaved(null);
          void navigate('/admin/list');
        }}
      />
    </>
  );
}
