import { recordAudit, type Actor } from '../audit/audit.server';
import { db } from '../db/client.server';
import { maskEmail } from '../enquiries/access-token.server';
import { erasePerson, type ErasureResult } from './erase.server';
import { personDataDownload, type ExportFormat } from './export-response.server';
import { collectPersonData, summarise } from './person-data.server';

/** What staff see about an address before they act on an access or deletion request. */
export type PersonSummary = ReturnType<typeof summarise>;

/** What the shop holds for an address, counted (nothing is logged: looking is not acting). */
export async function lookUpPerson(email: string): Promise<PersonSummary> {
  return summarise(await collectPersonData(email));
}

/**
 * An access request carried out by staff: the person's data as a download, and an entry in the
 * activity log naming the address masked (the log outlives an erasure and must not undo it).
 */
export async function exportPersonForStaff(
  actor: Actor,
  email: string,
  format: ExportFormat,
): Promise<Response> {
  const { response, data } = await personDataDownload(email, format);
  const summary = summarise(data);
  await recordAudit(db(), {
    actor,
    entity: 'person',
    entityId: 0,
    entityName: maskEmail(email.trim().toLowerCase()),
    action: 'export',
    changes: {
      format: { from: null, to: format.toUpperCase() },
      enquiries: { from: null, to: summary.enquiries },
      messages: { from: null, to: summary.messages },
    },
  });
  return response;
}

/**
 * A deletion request carried out by staff (a guest's address, or an account's): erasePerson,
 * with the activity log's entry in the same transaction.
 */
export async function erasePersonForStaff(actor: Actor, email: string): Promise<ErasureResult> {
  return erasePerson(email, new Date(), (tx, result) =>
    recordAudit(tx, {
      actor,
      entity: 'person',
      entityId: 0,
      entityName: maskEmail(email.trim().toLowerCase()),
      action: 'erase',
      changes: {
        enquiries: { from: result.enquiries, to: 'anonymised' },
        messages: { from: result.messages, to: 'anonymised' },
        account: {
          from: result.accountDeleted ? 'existed' : 'none',
          to: result.accountDeleted ? 'deleted' : 'none',
        },
        sales: { from: result.sales, to: 'records kept' },
      },
    }),
  );
}
