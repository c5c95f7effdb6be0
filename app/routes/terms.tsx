import type { Route } from './+types/terms';
import { LegalDocumentPage } from '~/components/company/legal-document';
import { terms } from '~/content/legal';
import { seo } from '~/lib/meta';

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: 'Terms and Conditions',
    description:
      'Terms for enquiries, quotations, delivery, installation, payment and warranty with Fieldhouse Sports Engineering, Singapore.',
    path: '/terms',
    matches,
  });

export default function Terms() {
  return <LegalDocumentPage doc={terms} />;
}
