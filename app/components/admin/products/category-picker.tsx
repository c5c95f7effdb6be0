import { X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useFocusAfterChange } from '~/lib/use-focus-after-change';

interface Option {
  id: number;
  name: string;
}

/**
 * The categories multi-select: a filter box over a list of real checkboxes (named `categoryIds`,
 * so the form posts them with or without JavaScript, and Tab / Space work as everywhere), with
 * the chosen ones as removable chips above. Filtered-out boxes stay in the form, only hidden.
 */
export function CategoryPicker({
  options,
  defaultSelected,
  error,
  onChange,
}: {
  options: Option[];
  defaultSelected: number[];
  error?: string;
  /** After the choice changed and is on screen (the form checks its message again). */
  onChange?: () => void;
}) {
  const id = useId();
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set(defaultSelected));
  const [filter, setFilter] = useState('');
  const needle = filter.trim().toLowerCase();
  const shown = options.filter((o) => o.name.toLowerCase().includes(needle));
  const toggle = (option: number, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(option);
    else next.delete(option);
    setSelected(next);
  };
  const chosen = options.filter((o) => selected.has(o.id));
  const changed = useRef(onChange);
  useEffect(() => {
    changed.current = onChange;
  });
  const first = useRef(true);
  useEffect(() => {
    if (first.current) first.current = false;
    else changed.current?.();
  }, [selected]);
  // A removed chip takes its button with it: the focus goes to the next chip's (or the previous
  // one's, or the filter box), and the removal is said (the chips' region says only additions).
  const [removed, setRemoved] = useState('');
  const focusAfterChange = useFocusAfterChange(selected);
  const removeChip = (option: Option) => {
    const at = chosen.indexOf(option);
    const next = chosen[at + 1] ?? chosen[at - 1];
    focusAfterChange(next ? `${id}-chip-${next.id}` : `${id}-filter`);
    setRemoved(`${option.name} removed.`);
    toggle(option.id, false);
  };

  return (
    <fieldset aria-describedby={`${id}-error`} aria-invalid={error ? true : undefined}>
      <legend className="block text-sm font-medium text-slate-800">Categories</legend>
      <p role="status" className="sr-only">
        {removed}
      </p>
      <div aria-live="polite" className="mt-1 flex min-h-8 flex-wrap gap-1.5">
        {chosen.length === 0 ? (
          <span className="text-sm text-slate-600">No category selected</span>
        ) : (
          chosen.map((o) => (
            <span
              key={o.id}
              className="inline-flex max-w-full items-center gap-1 rounded-full bg-brand-50 py-0.5 pr-1 pl-3 text-sm font-medium text-brand-800 [overflow-wrap:anywhere]"
            >
              {o.name}
              <button
                type="button"
                id={`${id}-chip-${o.id}`}
                onClick={() => removeChip(o)}
                className="rounded-full p-0.5 hover:bg-brand-100"
                aria-label={`Remove ${o.name}`}
              >
                <X aria-hidden className="size-3.5" />
              </button>
            </span>
          ))
        )}
      </div>
      <div
        className={`mt-2 rounded-md border bg-white ${error ? 'border-red-600' : 'border-slate-300'}`}
      >
        <label htmlFor={`${id}-filter`} className="sr-only">
          Filter categories
        </label>
        <input
          id={`${id}-filter`}
          // The field's stand-in for the focus when the categories are refused (use-form.ts).
          data-error-for="categoryIds"
          aria-describedby={`${id}-error`}
          type="search"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          onKeyDown={(e) => {
            // Enter in the filter picks the only match instead of submitting the form.
            if (e.key !== 'Enter') return;
            e.preventDefault();
            if (shown.length === 1) toggle(shown[0]!.id, !selected.has(shown[0]!.id));
          }}
          placeholder="Filter categories"
          className="w-full rounded-t-md border-b border-slate-200 px-3 py-2 text-slate-900"
        />
        <ul className="max-h-[300px] min-h-[140px] overflow-y-auto p-1">
          {options.map((o) => (
            <li key={o.id} hidden={!shown.includes(o)}>
              <label className="flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm text-slate-800 [overflow-wrap:anywhere] hover:bg-slate-50">
                <input
                  type="checkbox"
                  name="categoryIds"
                  value={o.id}
                  checked={selected.has(o.id)}
                  onChange={(e) => toggle(o.id, e.target.checked)}
                  className="size-4 shrink-0 accent-brand-600"
                />
                {o.name}
              </label>
            </li>
          ))}
          {shown.length === 0 ? (
            <li className="px-2 py-1.5 text-sm text-slate-600">No category matches “{filter}”.</li>
          ) : null}
        </ul>
      </div>
      <p id={`${id}-error`} className="mt-1 min-h-5 text-sm text-red-700">
        {error}
      </p>
    </fieldset>
  );
}
