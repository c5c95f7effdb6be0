import { useState } from 'react';

/**
 * A form field's value: the user's while they type, the given value again whenever that changes
 * (a filter form whose URL changed through a link, Clear or Back). Controlled rather than re-keyed:
 * a remount would take the keyboard's focus from the field or button that was used.
 */
export function useSyncedValue(value: string) {
  const [current, setCurrent] = useState(value);
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    // Render-time sync (React's recommended alternative to an effect).
    setShown(value);
    setCurrent(value);
  }
  return [current, setCurrent] as const;
}
