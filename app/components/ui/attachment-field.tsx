import { X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import {
  ATTACHMENT_ACCEPT,
  ATTACHMENT_FIELD,
  checkChosenFiles,
  formatFileSize,
  MAX_ATTACHMENTS,
} from '~/lib/attachments';
import { useFocusAfterChange } from '~/lib/use-focus-after-change';

/**
 * A form's file field (site photos and drawings, staff's spec sheets): a native
 * `<input type="file" multiple name="files">`, so a plain post (before scripts run, or without
 * them) sends what was picked, and the server checks it. With scripts, each pick is checked at
 * once (count, size, kind by content) and added to the files already chosen, listed with a
 * Remove button each; the input itself holds exactly the listed files (a DataTransfer), so the
 * form sends them however it is submitted. A form's reset empties the list.
 */
export function AttachmentField({
  label,
  hint,
  error,
  keptNote,
}: {
  label: string;
  hint: string;
  /** The server's message about the files. */
  error?: string;
  /** A refused plain post's files are not kept (no page can refill a file input): say so. */
  keptNote?: string;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<File[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [said, say] = useState('');
  const focusAfterChange = useFocusAfterChange(chosen);

  const show = (files: File[]) => {
    const field = input.current;
    if (field) {
      const list = new DataTransfer();
      for (const file of files) list.items.add(file);
      field.files = list.files;
    }
    setChosen(files);
  };

  const add = async (picked: File[]) => {
    const { accepted, error: refused } = await checkChosenFiles(chosen, picked);
    setProblem(refused);
    show([...chosen, ...accepted]);
    if (accepted.length)
      say(
        `${accepted.map((f) => f.name).join(', ')} added. ${describeCount(chosen.length + accepted.length)}`,
      );
  };

  const remove = (at: number) => {
    const rest = chosen.filter((_, i) => i !== at);
    focusAfterChange(rest.length ? `${id}-remove-${Math.min(at, rest.length - 1)}` : `${id}-input`);
    setProblem(null);
    show(rest);
    say(`${chosen[at]!.name} removed. ${describeCount(rest.length)}`);
  };

  // Files picked before the scripts ran are in the input already: check and list them. A form's
  // reset (after a sent enquiry) empties the input, and the list with it.
  useEffect(() => {
    const field = input.current;
    if (!field) return;
    if (field.files?.length) void add([...field.files]);
    const form = field.form;
    const cleared = () => {
      setChosen([]);
      setProblem(null);
    };
    form?.addEventListener('reset', cleared);
    return () => form?.removeEventListener('reset', cleared);
    // Once, on mount: later picks go through onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const message = problem ?? error;
  const full = chosen.length >= MAX_ATTACHMENTS;
  return (
    <div>
      <label htmlFor={`${id}-input`} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <p id={`${id}-hint`} className="mt-0.5 text-xs text-slate-600">
        {hint}
      </p>
      {chosen.length ? (
        <ul aria-label="Chosen files" className="mt-2 space-y-1.5">
          {chosen.map((file, i) => (
            <li
              key={`${file.name}-${file.size}-${file.lastModified}`}
              className="flex items-center gap-2 rounded-md border border-slate-200 bg-slate-50 px-2 py-1.5 text-sm"
            >
              <span className="w-0 min-w-0 flex-1 truncate text-slate-900" title={file.name}>
                {file.name}
              </span>
              <span className="shrink-0 text-xs text-slate-600">{formatFileSize(file.size)}</span>
              <button
                type="button"
                id={`${id}-remove-${i}`}
                onClick={() => remove(i)}
                aria-label={`Remove ${file.name}`}
                className="inline-flex size-8 shrink-0 items-center justify-center rounded-md border border-slate-300 bg-white text-slate-700 hover:bg-slate-100"
              >
                <X aria-hidden className="size-4" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <input
        ref={input}
        id={`${id}-input`}
        type="file"
        name={ATTACHMENT_FIELD}
        multiple
        accept={ATTACHMENT_ACCEPT}
        // Full: the picker would only bring a refusal. The input stays in the form (it holds the
        // files), out of sight and out of the tab order.
        hidden={full}
        aria-invalid={message ? true : undefined}
        aria-describedby={`${id}-hint ${id}-error`}
        onChange={(event) => {
          const picked = [...(event.currentTarget.files ?? [])];
          // The input's own list is replaced by each pick: what was chosen before goes back in
          // with the new files (or alone, when the pick was cancelled).
          if (picked.length) void add(picked);
          else show(chosen);
        }}
        // Once the list shows the files, the input's own "2 files" would only repeat it.
        className={`mt-2 block w-full text-sm ${chosen.length ? 'text-transparent' : 'text-slate-700'} file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-semibold file:text-brand-700 hover:file:bg-brand-50 ${message ? 'rounded-md outline outline-1 outline-red-600' : ''}`}
      />
      {full ? (
        <p className="mt-2 text-xs text-slate-600">
          {MAX_ATTACHMENTS} files chosen: remove one to choose another.
        </p>
      ) : null}
      <p id={`${id}-error`} className="mt-1 min-h-5 text-sm text-red-700">
        {message}
        {keptNote && !chosen.length ? (
          <span className="block text-slate-700">{keptNote}</span>
        ) : null}
      </p>
      <p aria-live="polite" className="sr-only">
        {said}
      </p>
    </div>
  );
}

const describeCount = (n: number) =>
  n === 0 ? 'No files chosen.' : `${n} of ${MAX_ATTACHMENTS} files chosen.`;
