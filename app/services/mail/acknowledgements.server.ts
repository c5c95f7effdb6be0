import type { Database } from '../db/client.server';
import { hitRateLimit } from '../rate-limit.server';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Acknowledgements (of an enquiry or a contact message, counted together) one inbox gets per hour.
 * Anyone can type any address into the guest forms, so without a cap the shop would mail a
 * stranger's inbox as often as someone sends forms from enough networks; the per-network limits
 * do not see that they all name one inbox. More than the reset mails' cap: a buyer may send a
 * few enquiries in one sitting, and each acknowledgement carries that enquiry's link.
 */
export const ACKNOWLEDGEMENTS_PER_HOUR = 5;

/**
 * Counts one acknowledgement to `email` and says whether it may be sent. Past the cap only the
 * acknowledgement is left out: the enquiry or message is stored and staff are told as always.
 * In `tx`, the count stands only if the enquiry or message is stored.
 */
export async function mayAcknowledge(email: string, tx?: Tx): Promise<boolean> {
  const inbox = email.trim().toLowerCase();
  const { allowed } = await hitRateLimit(`mail:ack:${inbox}`, ACKNOWLEDGEMENTS_PER_HOUR, 3600, tx);
  return allowed;
}
