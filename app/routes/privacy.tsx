import { PlannedPage } from '~/components/layout/page-header';
import { pageTitle } from '~/lib/meta';

export const meta = () => [
  { title: pageTitle('Privacy Notice') },
  {
    name: 'description',
    content: 'How Fieldhouse Sports Engineering handles personal data under the Singapore PDPA.',
  },
];

export default function Page() {
  return <PlannedPage title="Privacy Notice" />;
}
