import type { Route } from './+types/privacy';
import { LegalDocumentPage } from '~/components/company/legal-document';
import { privacy } from '~/content/legal';
import { seo } from '~/lib/meta';
import { env } from '~/services/env.server';
import { INVOICE_RETENTION_YEARS, retentionPeriods } from '~/services/privacy/retention.server';

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: 'Privacy Notice',
    description:
      'How Fieldhouse Sports Engineering collects, uses, keeps and protects personal data under Singapore’s PDPA, and how to withdraw consent or ask for access and correction.',
    path: '/privacy',
    matches,
  });

/** The notice states the periods in force and whom to write to (configuration). */
export function loader() {
  const periods = retentionPeriods();
  return {
    dpoEmail: env().SITE_DPO_EMAIL ?? env().SITE_EMAIL,
    enquiryMonths: periods.enquiryMonths,
    contactMonths: periods.contactMonths,
    invoiceYears: INVOICE_RETENTION_YEARS,
  };
}

export default function Privacy({ loaderData }: Route.ComponentProps) {
  return <LegalDocumentPage doc={privacy} values={loaderData} />;
}
