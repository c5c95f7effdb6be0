import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { TextAreaField } from '~/components/ui/field';
import { insertSnippet } from '~/lib/schemas/inbox';
import { useHydrated } from '~/lib/use-hydrated';
import { input, label, secondaryButton } from './styles';

/** A canned reply as the reply box offers it. */
export interface Snippet {
  id: number;
  title: string;
  body: string;
}

/**
 * A reply's e-mail as it will go: who it goes to, its subject, the whole text in the box (the
 * greeting and the signature are in it, to change or remove) and the lines the e-mail adds under
 * it. A canned reply is put in with the select and Insert: at the caret once the box has been
 * used, else between the greeting and the signature; without JavaScript Insert posts the form
 * and the page comes back with it put in.
 */
export function ReplyComposer({
  to,
  subject,
  start,
  footer,
  snippets,
  error,
  hint,
  label: boxLabel,
}: {
  /** The box's label. */
  label: string;
  to: string;
  subject: string;
  /** The box's starting text: the greeting and the signature, or what a plain Insert answered. */
  start: string;
  /** The lines the e-mail adds under the text, if any. */
  footer: string | null;
  snippets: Snippet[];
  error?: string;
  hint?: string;
}) {
  const box = useRef<HTMLTextAreaElement>(null);
  // Whether the box has had the caret: only then is its position where staff want the text.
  const used = useRef(false);
  const [pick, setPick] = useState('');
  const hydrated = useHydrated();

  const insert = () => {
    const snippet = snippets.find((s) => String(s.id) === pick);
    const area = box.current;
    if (!snippet || !area) return;
    let caret: number;
    if (used.current) {
      const { selectionStart: from, selectionEnd: end, value } = area;
      area.value = `${value.slice(0, from)}${snippet.body}${value.slice(end)}`;
      caret = from + snippet.body.length;
    } else {
      const before = area.value;
      area.value = insertSnippet(before, snippet.body);
      caret = area.value.indexOf(snippet.body.trim()) + snippet.body.trim().length;
    }
    area.focus();
    area.setSelectionRange(caret, caret);
    used.current = true;
  };

  return (
    <>
      <dl className="mb-3 grid grid-cols-[4.5rem_minmax(0,1fr)] gap-x-2 gap-y-1 text-sm">
        <dt className="text-slate-600">To</dt>
        <dd className="break-words text-slate-900">{to}</dd>
        <dt className="text-slate-600">Subject</dt>
        <dd className="break-words text-slate-900">{subject}</dd>
      </dl>
      {snippets.length ? (
        <div className="mb-3 flex flex-wrap items-end gap-2">
          <div className="min-w-0 flex-1">
            <label htmlFor="snippet" className={label}>
              Canned reply
            </label>
            <select
              id="snippet"
              name="snippet"
              value={pick}
              onChange={(e) => setPick(e.target.value)}
              className={input}
            >
              <option value="">Choose a canned reply…</option>
              {snippets.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.title}
                </option>
              ))}
            </select>
          </div>
          {hydrated ? (
            <button type="button" onClick={insert} disabled={!pick} className={secondaryButton}>
              Insert
            </button>
          ) : (
            <button type="submit" name="insert" value="1" className={secondaryButton}>
              Insert
            </button>
          )}
        </div>
      ) : (
        <p className="mb-3 text-xs text-slate-600">
          No canned replies yet:{' '}
          <Link to="/admin/replies" className="font-semibold text-brand-700 underline">
            write some
          </Link>{' '}
          to insert them here.
        </p>
      )}
      <TextAreaField
        id="reply"
        name="body"
        label={boxLabel}
        hint={hint}
        rows={10}
        defaultValue={start}
        ref={box}
        onFocus={() => {
          used.current = true;
        }}
        error={error}
      />
      {footer ? (
        <div className="-mt-3 mb-4 text-sm text-slate-700">
          <p className="text-xs text-slate-600">The e-mail ends with these lines:</p>
          <p className="mt-1 rounded-md border border-dashed border-slate-300 bg-slate-50 px-3 py-2 break-words whitespace-pre-line">
            {footer}
          </p>
        </div>
      ) : null}
    </>
  );
}
