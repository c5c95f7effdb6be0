import { Link, redirect, useFetcher } from 'react-router';
import type { Route } from './+types/admin.create';
import { AdminPageHeader } from '~/components/admin/admin-shell';
import { ProductForm, typedFields } from '~/components/admin/products/product-form';
import { adminMeta } from '~/lib/admin-meta';
import { callServerAction } from '~/lib/client-action';
import { formValues } from '~/lib/forms';
import { PRODUCT_ARRAYS, ProductCreateSchema, typedProductFields } from '~/lib/schemas/product';
import { createProduct } from '~/services/catalogue/admin-products.server';
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
  return formAction(async () => {
    const { form, files } = await readProductUpload(request);
    let id: number;
    try {
      const input = parseInput(ProductCreateSchema, formValues(form, PRODUCT_ARRAYS));
      ({ id } = await createProduct(admin, input, files));
    } catch (error) {
      // Without JavaScript the refusal is a new page: it starts from what was typed.
      return refusalKeeping(error, typedProductFields(form));
    }
    // Staff stay on the product they made: its edit page, which says it was created (a fetcher
    // follows the redirect as a navigation; a plain post gets the page).
    throw redirect(`/admin/edit/${id}?created=1`);
  });
}

/** With JavaScript: a lost connection or a 5xx leaves the form, its fields and images, on screen. */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return callServerAction(serverAction);
}

export default function AdminCreateProduct({ loaderData, actionData }: Route.ComponentProps) {
  const fetcher = useFetcher<typeof action>();
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
        schema={ProductCreateSchema}
        sports={loaderData.sports}
        categories={loaderData.categories}
        initial={{
          ...{
            name: '',
            description: null,
            modelCode: null,
            specifications: [],
            sportId: null,
            categoryIds: [],
            status: 'published',
            images: [],
          },
          // A plain post's refusal (no JavaScript): the page starts from what was typed.
          ...typedFields(actionData),
        }}
        result={fetcher.data ?? actionData}
        busy={fetcher.state !== 'idle'}
        onSubmit={(data) =>
          void fetcher.submit(data, { method: 'post', encType: 'multipart/form-data' })
        }
      />
    </>
  );
}
