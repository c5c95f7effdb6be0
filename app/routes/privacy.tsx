import type { Route } from './+types/privacy';
import { LegalDocumentPage } from '~/components/company/legal-document';
import { privacy } from '~/content/legal';
import { seo } from '~/lib/meta';

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: 'Privacy Notice',
    description:
      'How Fieldhouse Sports Engineering collects, uses, keeps and protects personal data under Singapore’s PDPA, and how to withdraw consent or ask for access and correction.',
    path: '/privacy',
    matches,
  });

export default function Privacy() {
  return <LegalDocumentPage doc={privacy} />;
}
