import { formValues } from '~/lib/forms';
import {
  AcceptQuotationSchema,
  DeclineQuotationSchema,
  RequestChangesSchema,
  RESPONSE_MESSAGES,
} from '~/lib/schemas/quotation-response';
import { UserError } from '~/services/errors.server';
import { parseInput } from '~/services/forms.server';
import {
  acceptQuotation,
  declineQuotation,
  requestChanges,
  type PurchaseOrderUpload,
  type ResponseAccess,
  type ResponseContext,
  type ResponseOutcome,
} from '~/services/sales/responses.server';

/**
 * One of the buyer's three answer forms (its `intent`), parsed with the schema the browser
 * checked it with and handed to the service. Shared by the e-mailed link's page and My Enquiries,
 * which differ only in who the buyer is (`access`).
 */
export function answerQuotation(
  form: FormData,
  poFile: PurchaseOrderUpload | null,
  access: ResponseAccess,
  context: ResponseContext,
): Promise<ResponseOutcome> {
  const values = formValues(form);
  switch (values.intent) {
    case 'accept':
      return acceptQuotation(
        access,
        { ...parseInput(AcceptQuotationSchema, values), poFile },
        context,
      );
    case 'decline':
      return declineQuotation(access, parseInput(DeclineQuotationSchema, values), context);
    case 'changes':
      return requestChanges(access, parseInput(RequestChangesSchema, values), context);
    default:
      throw new UserError(RESPONSE_MESSAGES.unknownIntent, 400);
  }
}
