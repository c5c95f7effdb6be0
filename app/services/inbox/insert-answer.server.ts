import { insertSnippet } from '~/lib/schemas/inbox';
import { UserError } from '../errors.server';
import { getCannedReply } from './canned-replies.server';

/**
 * The answer to a plain post of a reply form's Insert (no JavaScript): the typed text with the
 * chosen canned reply put in, for the page to show in the box again. Nothing is sent.
 */
export async function insertAnswer(values: Record<string, string | string[]>) {
  const id = Number(values.snippet);
  const snippet = Number.isInteger(id) && id > 0 ? await getCannedReply(id) : null;
  if (!snippet) throw new UserError('Choose a canned reply to insert.', 400, 'snippet');
  const typed = typeof values.body === 'string' ? values.body : '';
  return {
    ok: true as const,
    intent: 'insert' as const,
    message: `"${snippet.title}" is in the reply below. Check it, then send it.`,
    body: insertSnippet(typed, snippet.body),
  };
}
