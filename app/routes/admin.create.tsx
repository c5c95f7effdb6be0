import { useState } from 'react';
import { Link, useFetcher } from 'react-router';
import type { Route } from './+types/admin.create';
import { AdminPageHeader } from '~/components/admin/admin-shell';
import { ProductForm, typedFields } from '~/components/admin/products/product-form';
import { MessageDialog } from '~/components/ui/dialog';
import { adminMeta } from '~/lib/admin-meta';
import { callServerAction } from '~/lib/client-action';
import { formValues } from '~/lib/forms';
import { PRODUCT_ARRAYS, ProductCreateSchema } from '~/lib/schemas/product';
import { useOnResult } from '~/lib/use-on-result';
import { createProduct, type SavedProduct } from '~/services/catalogue/admin-products.server';
import { listCategories, listSports } from '~/services/catalogue/taxonomy.server';
import { formAction, parseInput, refusalKeeping } from '~/services/forms.server';
import { readProductUpload } from '~/services/media/uploads.server';
import { requireAdmin } from '~/services/permissions.server';

export const meta: Route.MetaFunction = () => adminMeta('Add Product');

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const [sports, categories] = await Promise.all([listSports(), listCategories()]);
  return { sports, categories };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  type Created = { ok: true; message: string; product: SavedProduct };
  return formAction<Created>(async () => {
    const { form, files } = await readProductUpload(request);
    try {
      const input = parseInput(ProductCreateSchema, formValues(form, PRODUCT_ARRAYS));
      const product = await createProduct(admin, input, files);
      return { ok: true as const, message: `${product.name} successfully created`, product };
    } catch (error) {
      // Without JavaScript the refusal is a new page: it starts from what was typed.
      return refusalKeeping(error, form);
    }
  });
}

/** With JavaScript: a lost connection or a 5xx leaves the form, its fields and images, on screen. */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return callServerAction(serverAction);
}

export default function AdminCreateProduct({ loaderData, actionData }: Route.ComponentProps) {
  const fetcher = useFetcher<typeof action>();
  const [created, setCreated] = useState<{ name: string; thumbnail: string | null } | null>(null);
  // A new key gives 'Add another Product' a clean form (fields, images and messages).
  const [formKey, setFormKey] = useState(0);
  useOnResult(fetcher.data, (result) => {
    if (result.ok) setCreated(result.product);
  });

  return (
    <>
      <AdminPageHeader
        title="Add Product"
        description={
          <>
            All fields but the description are required.{' '}
            <Link to="/admin/list" className="font-medium text-brand-700 underline">
              Back to products
            </Link>
          </>
        }
      />
      <ProductForm
        key={formKey}
        schema={ProductCreateSchema}
        sports={loaderData.sports}
        categories={loaderData.categories}
        initial={{
          ...{ name: '', description: null, sportId: null, categoryIds: [], images: [] },
          // A plain post's refusal (no JavaScript): the page starts from what was typed.
          ...typedFields(actionData),
        }}
        result={fetcher.data ?? actionData}
        busy={fetcher.state !== 'idle'}
        onSubmit={(data) =>
          void fetcher.submit(data, { method: 'post', encType: 'multipart/form-data' })
        }
      />
      <MessageDialog
        open={created !== null}
        title="Product created"
        message={created ? `${created.name} successfully created` : ''}
        action="Add another Product"
        onClose={() => {
          setCreated(null);
          setFormKey((k) => k + 1);
          window.scrollTo({ top: 0 });
        }}
        // The clean form's first field: the SUBMIT that had the focus went with the old form,
        // and the dialog would give it to the heading (after any focus set here on closing).
        returnFocus={() => document.getElementById('name')}
      >
        {created?.thumbnail ? (
          <img
            src={created.thumbnail}
            alt=""
            width={60}
            height={60}
            className="mt-4 size-[60px] rounded object-cover"
          />
        ) : null}
        <Link to="/admin/list" className="mt-4 block w-fit font-semibold text-brand-700 underline">
          Back to Home screen
        </Link>
      </MessageDialog>
    </>
  );
}
