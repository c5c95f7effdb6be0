import { randomUUID } from 'node:crypto';
import { data, redirect } from 'react-router';
import * as z from 'zod/mini';
import type { Route } from './+types/cart';
import { CartPage } from '~/components/cart/cart-page';
import { cartTokenOf, QUANTITY_MESSAGE, type CartLine, type CartSuccess } from '~/lib/cart';
import { callServerAction } from '~/lib/client-action';
import { formValues } from '~/lib/forms';
import { seo } from '~/lib/meta';
import { ENQUIRY_LIMITS, enquiryItemSchema, MAX_LINES, MAX_QUANTITY } from '~/lib/schemas/enquiry';
import {
  addToCart,
  addToGuestCart,
  describeGuestCart,
  getCart,
  guestCartCookie,
  guestCartTokenOf,
  mergeCart,
  readGuestCart,
  readGuestCartToken,
  removeFromCart,
  setQuantity,
} from '~/services/cart/cart.server';
import { confirmationPath, senderCookie } from '~/services/enquiries/access-token.server';
import { readAttachmentForm } from '~/services/attachments/attachments.server';
import { submitEnquiry } from '~/services/enquiries/enquiries.server';
import { UserError } from '~/services/errors.server';
import { formAction, parseInput, refusalKeeping } from '~/services/forms.server';
import { getUser } from '~/services/permissions.server';

export const meta: Route.MetaFunction = ({ matches }) => [
  ...seo({
    title: 'My Cart',
    description: 'Your cart of products to enquire about.',
    path: '/cart',
    matches,
  }),
  { name: 'robots', content: 'noindex' },
];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await getUser(request);
  const cookieCart = readGuestCart(request);
  const headers = new Headers();
  let lines: CartLine[];
  if (user) {
    // Lines added as a guest without JavaScript join the account's cart like a local cart does.
    if (cookieCart.length) {
      await mergeCart(user.id, cookieCart, readGuestCartToken(request) ?? undefined);
      headers.append('Set-Cookie', guestCartCookie([]));
    }
    lines = await getCart(user.id);
  } else {
    // The server knows a guest's cart only from the cookie; the browser adds its local cart.
    lines = await describeGuestCart(cookieCart);
    // A product deleted since: its line is not shown, so the guest could not remove it, and
    // every enquiry would be refused for it. The cookie keeps only the lines still for sale.
    if (lines.length < cookieCart.length) {
      const known = new Set(lines.map((l) => l.productId));
      headers.append(
        'Set-Cookie',
        guestCartCookie(
          cookieCart.filter((e) => known.has(e.productId)),
          readGuestCartToken(request),
        ),
      );
    }
  }
  const added = Number(new URL(request.url).searchParams.get('added'));
  return data(
    {
      signedIn: Boolean(user),
      lines,
      added: lines.find((l) => l.productId === added)?.name ?? null,
      // A new key per rendered cart: a double submit of one form never makes two enquiries.
      idempotencyKey: randomUUID(),
    },
    { headers },
  );
}

const ProductIdSchema = z.object({
  productId: z.coerce.number().check(z.int('Unknown product.'), z.positive('Unknown product.')),
});
const quantityField = z.coerce
  .number()
  .check(
    z.int(QUANTITY_MESSAGE),
    z.minimum(1, QUANTITY_MESSAGE),
    z.maximum(MAX_QUANTITY, QUANTITY_MESSAGE),
  );
const QuantitySchema = z.object({
  productId: ProductIdSchema.shape.productId,
  quantity: quantityField,
});
/** Add to Cart: the product, and how many (1 when the form has no quantity field). */
const AddSchema = z.object({
  productId: ProductIdSchema.shape.productId,
  quantity: z.optional(quantityField),
});
const MergeSchema = z.array(enquiryItemSchema).check(z.maxLength(MAX_LINES));

const SESSION_ENDED = 'Your session has ended. Please log in again to send your enquiry.';

function parseJson(value: FormDataEntryValue | null): unknown {
  try {
    return JSON.parse(String(value ?? ''));
  } catch {
    return undefined;
  }
}

/**
 * One action for every cart form. With JavaScript the page sends `js=1` and shows the answer
 * (toasts, messages); a plain form post (before hydration, or with JavaScript off) gets a
 * redirect to the page that shows the result instead. A guest's cart is in local storage when
 * scripts run, and in the guest cart cookie when the server has to keep it (~/lib/cart).
 */
export async function action({ request, context }: Route.ActionArgs) {
  return formAction<CartSuccess>(async () => {
    // The enquiry is multipart (its files); the cart's other forms are plain ones.
    const { form, files } = await readAttachmentForm(request);
    const intent = String(form.get('intent') ?? '');
    const js = form.get('js') === '1';
    const user = await getUser(request);
    const values = formValues(form);
    const headers = new Headers();
    const guestCart = () => readGuestCart(request);
    const done = (to: string) => {
      if (!js) throw redirect(to, { headers });
    };

    switch (intent) {
      case 'add': {
        const { productId, quantity = 1 } = parseInput(AddSchema, values);
        let name: string;
        if (user) name = await addToCart(user.id, productId, quantity);
        else {
          const added = await addToGuestCart(guestCart(), productId, quantity);
          headers.append('Set-Cookie', guestCartCookie(added.lines, guestCartTokenOf(request)));
          name = added.name;
        }
        done(`/cart?added=${productId}`);
        return data({ ok: true as const, intent, name, message: 'Added to Cart' }, { headers });
      }
      case 'quantity': {
        const { productId, quantity } = parseInput(QuantitySchema, values);
        if (user) await setQuantity(user.id, productId, quantity);
        else {
          const lines = guestCart().map((l) =>
            l.productId === productId ? { ...l, quantity } : l,
          );
          headers.append('Set-Cookie', guestCartCookie(lines, guestCartTokenOf(request)));
        }
        done('/cart');
        return data({ ok: true as const, intent }, { headers });
      }
      case 'remove': {
        const { productId } = parseInput(ProductIdSchema, values);
        if (user) await removeFromCart(user.id, productId);
        else {
          const lines = guestCart().filter((l) => l.productId !== productId);
          headers.append('Set-Cookie', guestCartCookie(lines, guestCartTokenOf(request)));
        }
        done('/cart');
        return data({ ok: true as const, intent }, { headers });
      }
      case 'merge': {
        if (!user) throw new UserError('Please log in first.', 401);
        const lines = MergeSchema.safeParse(parseJson(form.get('lines')));
        if (!lines.success) throw new UserError('The saved cart could not be read.', 400);
        // A malformed token is none, as from a client older than tokens: the lines still merge.
        const token = cartTokenOf(form.get('token')) ?? undefined;
        const merged = await mergeCart(user.id, lines.data, token);
        return { ok: true as const, intent, merged };
      }
      case 'enquire': {
        // A guest's lines: from local storage when scripts run, else from the guest cart cookie.
        const fromCookie = !user && !form.has('items');
        let created: Awaited<ReturnType<typeof submitEnquiry>>;
        try {
          // The form was a customer's, but the session has ended (signed out in another tab,
          // expired): say so, not 'Your cart is empty!' for the empty guest cart it now reads.
          if (!user && values.customer === '1') throw new UserError(SESSION_ENDED, 401);
          created = await submitEnquiry({
            form,
            customer: user,
            guestItems: user ? undefined : fromCookie ? guestCart() : parseJson(form.get('items')),
            files,
            request,
            socketAddress: context.clientAddress,
          });
        } catch (error) {
          // A plain post's refusal renders a new page: what was typed goes back with it (with
          // JavaScript the form stays on screen with its values), and the names of the files
          // sent, which the page asks to be chosen again.
          if (js) throw error;
          return refusalKeeping(error, {
            ...Object.fromEntries(
              Object.keys(ENQUIRY_LIMITS).map((name) => [name, String(values[name] ?? '')]),
            ),
            files: files.map((f) => f.name).join(', '),
          });
        }
        if (!created) return { ok: true as const, intent }; // the honeypot: nothing stored
        if (fromCookie) headers.append('Set-Cookie', guestCartCookie([]));
        // The buyer lands on the enquiry's confirmation page, with JavaScript too (a fetcher's
        // redirect navigates): a customer's under My Enquiries, a guest's behind its unguessable
        // link, with the cookie that lets this browser, the sender's, see the contact details in
        // full. A repeated submit of a guest's form has no token to give (only its hash is
        // kept): that answer shows the reference on the cart page.
        if (user) throw redirect(`/orders/${created.id}?sent=1`, { headers });
        if (created.accessToken) {
          headers.append('Set-Cookie', senderCookie(created.accessToken));
          throw redirect(`${confirmationPath(created.accessToken)}?sent=1`, { headers });
        }
        return data({ ok: true as const, intent, reference: created.reference }, { headers });
      }
      default:
        throw new UserError('Unknown action.', 400);
    }
  });
}

/** With JavaScript: a lost connection or a 5xx leaves the cart and the typed enquiry on screen. */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return callServerAction(serverAction);
}

export default function Cart({ loaderData }: Route.ComponentProps) {
  return <CartPage {...loaderData} />;
}
