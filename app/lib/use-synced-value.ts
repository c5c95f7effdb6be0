import { useState } from 'react';
import { useLocation } from 'react-router';

/**
 * A form field's value: the user's while they type, the given value again whenever that changes
 * or another page is shown (a filter form whose URL changed through a link, Clear or Back; Back to
 * a page with the same value too, so a text typed but never sent does not stay beside results it
 * did not make). Controlled rather than re-keyed: a remount would take the keyboard's focus from
 * the field or button that was used.
 */
export function useSyncedValue(value: string) {
  const { key } = useLocation();
  const [current, setCurrent] = useState(value);
  const [shown, setShown] = useState({ value, key });
  if (shown.value !== value || shown.key !== key) {
    // Render-time sync (React's recommended alternative to an effect).
    setShown({ value, key });
    setCurrent(value);
  }
  return [current, setCurrent] as const;
}
