import { randomUUID } from 'node:crypto';
import { data } from 'react-router';
import type { Route } from './+types/cart';
import { CartPage } from '~/components/cart/cart-page';
import { seo } from '~/lib/meta';
import {
  enquiryBaseSchema,
  ENQUIRY_MESSAGES,
  enquiryItemSchema,
  guestContactSchema,
} from '~/lib/schemas/enquiry';
import {
  addToCart,
  clearCart,
  getCart,
  mergeCart,
  removeFromCart,
  setQuantity,
} from '~/services/cart/cart.server';
import { createEnquiry } from '~/services/enquiries/enquiries.server';
import { env } from '~/services/env.server';
import { UserError } from '~/services/errors.server';
import { getUser } from '~/services/permissions.server';
import { clientAddress, hitRateLimit } from '~/services/rate-limit.server';
import { noteRequestFailure } from '~/services/request-state.server';

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
  return {
    signedIn: Boolean(user),
    lines: user ? await getCart(user.id) : null,
    // A new key per rendered cart: a double submit of one form never makes two enquiries.
    idempotencyKey: randomUUID(),
  };
}

export type CartActionResult =
  | { ok: true; intent: string; name?: string; reference?: string }
  | { ok: false; intent: string; error: string; field?: string };

const fail = (intent: string, error: string, status = 400, field?: string) =>
  data<CartActionResult>({ ok: false, intent, error, field }, { status });

function parseJson(value: FormDataEntryValue | null): unknown {
  try {
    return JSON.parse(String(value ?? ''));
  } catch {
    return undefined;
  }
}

const text = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === 'string' ? v : undefined;
};

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const user = await getUser(request);
  const productId = Number(form.get('productId'));

  try {
    switch (intent) {
      case 'add': {
        if (!user) return fail(intent, 'Please log in to use your account cart.', 401);
        if (!Number.isInteger(productId) || productId < 1) return fail(intent, 'Unknown product.');
        const name = await addToCart(user.id, productId, 1);
        return { ok: true, intent, name } satisfies CartActionResult;
      }
      case 'quantity': {
        if (!user) return fail(intent, 'Please log in to use your account cart.', 401);
        const quantity = Number(form.get('quantity'));
        if (!Number.isInteger(quantity) || quantity < 1 || quantity > 9999) {
          return fail(intent, 'Quantity must be between 1 and 9999.');
        }
        await setQuantity(user.id, productId, quantity);
        return { ok: true, intent } satisfies CartActionResult;
      }
      case 'remove': {
        if (!user) return fail(intent, 'Please log in to use your account cart.', 401);
        await removeFromCart(user.id, productId);
        return { ok: true, intent } satisfies CartActionResult;
      }
      case 'merge': {
        if (!user) return fail(intent, 'Please log in first.', 401);
        const lines = enquiryItemSchema
          .array()
          .max(200)
          .safeParse(parseJson(form.get('lines')));
        if (!lines.success) return fail(intent, 'The saved cart could not be read.');
        await mergeCart(user.id, lines.data);
        return { ok: true, intent } satisfies CartActionResult;
      }
      case 'enquire':
        return await enquire(form, request, context.clientAddress, user);
      default:
        return fail(intent, 'Unknown action.');
    }
  } catch (error) {
    if (error instanceof UserError) return fail(intent, error.message, error.status);
    // A lost database or unreadable input: entry.server answers 503 / 400 (request-state.server).
    if (noteRequestFailure(error)) throw error;
    console.error('Cart action failed:', error);
    return fail(intent, 'Something went wrong. Please try again.', 500);
  }
}

async function enquire(
  form: FormData,
  request: Request,
  socketAddress: string | undefined,
  user: Awaited<ReturnType<typeof getUser>>,
) {
  const intent = 'enquire';
  // A bot fills every field, the hidden one too: answer as if it worked, store nothing.
  if (text(form, 'website')) return { ok: true, intent } satisfies CartActionResult;

  const config = env();
  const address = clientAddress(request, socketAddress, config.TRUST_PROXY === '1');
  const limit = await hitRateLimit(
    `enquiry:${address}`,
    config.ENQUIRY_RATE_LIMIT_MAX,
    config.ENQUIRY_RATE_LIMIT_WINDOW,
  );
  if (!limit.allowed) {
    const minutes = Math.ceil(limit.retryAfterSeconds / 60);
    return fail(
      intent,
      `Too many enquiries from your network. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}, or call us.`,
      429,
    );
  }

  const items = user
    ? (await getCart(user.id)).map((l) => ({ productId: l.productId, quantity: l.quantity }))
    : parseJson(form.get('items'));
  const base = enquiryBaseSchema.safeParse({
    items,
    message: text(form, 'message') ?? '',
    promoCode: text(form, 'promoCode'),
    organisation: text(form, 'organisation'),
    poReference: text(form, 'poReference'),
    idempotencyKey: text(form, 'idempotencyKey'),
  });
  if (!base.success) {
    const issue = base.error.issues[0]!;
    const field = String(issue.path[0] ?? '');
    const message =
      field === 'items' && issue.code === 'too_small'
        ? ENQUIRY_MESSAGES.emptyCart
        : field === 'message'
          ? ENQUIRY_MESSAGES.message
          : field === 'idempotencyKey'
            ? 'This form has expired. Please reload the page and try again.'
            : issue.message;
    return fail(intent, message, 400, field);
  }

  let contact: { name: string; email?: string; phone?: string };
  if (user) {
    contact = {
      name: user.name?.trim() || user.email,
      email: user.email,
      phone: user.phone ?? undefined,
    };
  } else {
    const guest = guestContactSchema.safeParse({
      email: text(form, 'email'),
      name: text(form, 'name'),
      phone: text(form, 'phone'),
    });
    if (!guest.success) {
      const issue = guest.error.issues[0]!;
      return fail(intent, issue.message, 400, String(issue.path[0] ?? ''));
    }
    contact = { ...guest.data, name: guest.data.name || 'Guest' };
  }

  const created = await createEnquiry({ ...base.data, contact, userId: user?.id ?? null });
  if (user) await clearCart(user.id);
  return { ok: true, intent, reference: created.reference } satisfies CartActionResult;
}

export default function Cart({ loaderData }: Route.ComponentProps) {
  return <CartPage {...loaderData} />;
}
