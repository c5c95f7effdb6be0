import { Clock } from 'lucide-react';
import { redirect, useActionData } from 'react-router';
import type { Route } from './+types/contact-us';
import { CompanyDetails } from '~/components/company/company-details';
import { ContactForm } from '~/components/company/contact-form';
import { useSite } from '~/components/company/use-site';
import { PageHeader } from '~/components/layout/page-header';
import { contactSubtitle, contactTitle, openingHours, visitNote } from '~/content/contact';
import { callServerAction } from '~/lib/client-action';
import { formValues } from '~/lib/forms';
import { seo } from '~/lib/meta';
import { CONTACT_MESSAGES } from '~/lib/schemas/contact';
import { submitContactMessage } from '~/services/contact/contact.server';
import { UserError } from '~/services/errors.server';
import { failureOf, readForm, refusalKeeping } from '~/services/forms.server';
import { companyPictures } from '~/services/media/company-images.server';
import { clientAddress } from '~/services/rate-limit.server';
import { log } from '~/services/log.server';

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: 'Contact Us',
    description:
      'Contact Fieldhouse Sports Engineering in Singapore for quotations, site visits, sports flooring, court coating and equipment: address, phone, e-mail, opening hours and a message form.',
    path: '/contact-us',
    matches,
  });

export async function loader({ request }: Route.LoaderArgs) {
  const pictures = await companyPictures();
  return {
    location: pictures.get('location') ?? null,
    // Where a plain post's success lands (the action's redirect).
    sent: new URL(request.url).searchParams.has('sent'),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  let values: Record<string, string | string[]> = {};
  try {
    values = formValues(await readForm(request));
    const outcome = await submitContactMessage({
      values,
      honeypot: typeof values.website === 'string' ? values.website : undefined,
      address: clientAddress(context.clientAddress),
    });
    // Stored for staff, but the e-mails could not be queued: the visitor hears it failed.
    if (outcome.status === 'stored') throw new UserError(CONTACT_MESSAGES.failed, 503);
    // A plain post (no JavaScript) gets a new page to land on: reloading the answer to a post
    // would send the message again, with its two mails.
    if (values.js !== '1') return redirect('/contact-us?sent=1');
    return { ok: true as const, message: CONTACT_MESSAGES.sent };
  } catch (error) {
    // Whatever else went wrong, the visitor gets the failure message too, with the text.
    let refusal = error;
    if (!failureOf(error)) {
      log().error({ err: error }, 'Contact form failed');
      refusal = new UserError(CONTACT_MESSAGES.failed, 500);
    }
    // What was typed goes back with every failure, so a page without JavaScript keeps the text.
    return refusalKeeping(refusal, {
      name: String(values.name ?? ''),
      email: String(values.email ?? ''),
      phone: String(values.phone ?? ''),
      message: String(values.message ?? ''),
    });
  }
}

/**
 * With JavaScript: a lost connection or a 5xx says 'Failed to send message. Please try again.'
 * under the form, which keeps the message typed (without this the error page replaced both).
 */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return callServerAction(serverAction, CONTACT_MESSAGES.failed);
}

export default function ContactUs({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const site = useSite();
  const { location, sent } = loaderData;
  return (
    <>
      <PageHeader title={contactTitle} subtitle={contactSubtitle} />
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:py-14 lg:grid-cols-[minmax(0,1fr)_24rem] lg:gap-12">
        <ContactForm result={result} sent={sent} />
        <aside aria-label="How to reach us" className="space-y-6">
          <CompanyDetails site={site} title="Visit, call or write">
            <h3 className="mt-6 flex items-center gap-2 text-sm font-bold text-slate-900">
              <Clock aria-hidden className="size-4 text-brand-600" />
              Opening hours
            </h3>
            <dl className="mt-2 space-y-1 text-sm">
              {openingHours.map((h) => (
                <div key={h.days} className="flex justify-between gap-4">
                  <dt className="text-slate-700">{h.days}</dt>
                  <dd className="text-right font-medium text-slate-900">{h.hours}</dd>
                </div>
              ))}
            </dl>
            <p className="mt-4 text-xs text-slate-600">{visitNote}</p>
          </CompanyDetails>
          {location ? (
            <figure className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
              <img
                src={location.src}
                srcSet={location.srcSet}
                sizes="(min-width: 1024px) 384px, 100vw"
                width={location.width}
                height={location.height}
                alt={`Location of ${site.name}: ${site.address}`}
                loading="lazy"
                className="aspect-[16/9] w-full object-cover"
              />
              <figcaption className="px-4 py-3 text-xs text-slate-600">{site.address}</figcaption>
            </figure>
          ) : null}
        </aside>
      </div>
    </>
  );
}
