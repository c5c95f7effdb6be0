import { Eye, EyeOff } from 'lucide-react';
import { useId, useLayoutEffect, useRef, useState } from 'react';
import { useHydrated } from '~/lib/use-hydrated';
import { FieldFrame } from './field';

type Props = {
  id?: string;
  label: React.ReactNode;
  error?: string;
  /** Shown under the label from the start (a new password's rules), tied to the input. */
  hint?: React.ReactNode;
} & Omit<React.ComponentProps<'input'>, 'type'>;

/**
 * A password input on the Field pattern with a show/hide toggle. The toggle is a real button with
 * `aria-pressed` and one name ("Show password"; its pressed state says whether it is shown), named
 * by its text rather than `aria-label`, so `getByLabel('Password')` still finds only the input.
 * A mouse click keeps the focus and the caret in the input; it appears once scripts run (a
 * button that does nothing before that would be a broken promise).
 */
export function PasswordField({ id, label, error, hint, className, ...input }: Props) {
  const auto = useId();
  const key = id ?? auto;
  const hydrated = useHydrated();
  const [shown, setShown] = useState(false);
  const ref = useRef<HTMLInputElement>(null);
  // Where the caret was when the type changed: switching type resets the selection in Chromium.
  const caret = useRef<[number, number] | null>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    const at = caret.current;
    caret.current = null;
    if (!el || !at || document.activeElement !== el) return;
    const restore = () => {
      if (document.activeElement === el) el.setSelectionRange(at[0], at[1]);
    };
    restore();
    // Some Chromium versions (150) reset the selection once more when they next lay the input
    // out with its new type, after this effect: restore it again then, before the next key.
    const frame = requestAnimationFrame(restore);
    return () => cancelAnimationFrame(frame);
  }, [shown]);

  return (
    <FieldFrame id={key} label={label} error={error} hint={hint}>
      {(aria) => (
        <div className="relative">
          <input
            ref={ref}
            id={key}
            name={input.name ?? id}
            type={shown ? 'text' : 'password'}
            autoCapitalize="off"
            spellCheck={false}
            {...aria}
            {...input}
            className={`${aria.className} pr-12 ${className ?? ''}`}
          />
          {hydrated ? (
            <button
              type="button"
              aria-pressed={shown}
              aria-controls={key}
              // A mouse press would move the focus to the button; keep it (and the caret) in
              // the input. A keyboard user stays on the button and can press it again.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => {
                const el = ref.current;
                if (el && document.activeElement === el)
                  caret.current = [el.selectionStart ?? 0, el.selectionEnd ?? 0];
                setShown((v) => !v);
              }}
              className="absolute inset-y-0 right-0 mt-1 flex w-11 items-center justify-center rounded-r-md text-slate-600 hover:text-slate-900"
            >
              {shown ? (
                <EyeOff aria-hidden className="size-5" />
              ) : (
                <Eye aria-hidden className="size-5" />
              )}
              <span className="sr-only">Show password</span>
            </button>
          ) : null}
        </div>
      )}
    </FieldFrame>
  );
}
