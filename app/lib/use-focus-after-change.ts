import { useEffect, useRef } from 'react';

/**
 * For a control that removes (or moves) itself, taking the keyboard's focus with it: call the
 * returned function with the id of the element that should have the focus next, and it gets it
 * once `value` (the list the control belongs to) has changed and rendered again.
 */
export function useFocusAfterChange(value: unknown): (id: string) => void {
  const target = useRef<string | null>(null);
  useEffect(() => {
    const id = target.current;
    if (id === null) return;
    target.current = null;
    document.getElementById(id)?.focus();
  }, [value]);
  return (id) => {
    target.current = id;
  };
}
