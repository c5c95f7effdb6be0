import { FormError } from '~/components/ui/field';
import type { ActionResult } from '~/lib/forms';

/**
 * The answer to a form posted without JavaScript (with scripts the page's fetchers toast it):
 * the success message, or the failure's first message.
 */
export function PostResult({ result }: { result: ActionResult | undefined }) {
  if (!result) return null;
  if (result.ok)
    return (
      <p role="status" className="mb-4 rounded-md bg-green-50 px-3 py-2 text-sm text-green-900">
        {result.message}
      </p>
    );
  return (
    <div className="mb-4">
      <FormError message={result.error ?? Object.values(result.fields ?? {})[0]} />
    </div>
  );
}
