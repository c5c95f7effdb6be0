/**
 * A submit button's props while its form is being sent. A `disabled` button that has the focus
 * drops it to the page (a keyboard user starts over from the top, a screen reader loses its
 * place), so the button stays focusable, says it is unavailable (`aria-disabled`, styled with
 * `aria-disabled:`), and ignores clicks and Enter (an implicit submission is a click on it)
 * until the answer comes.
 */
export function busyButton(busy: boolean): {
  'aria-disabled': true | undefined;
  onClick: ((event: React.MouseEvent) => void) | undefined;
} {
  return {
    'aria-disabled': busy || undefined,
    onClick: busy ? (event) => event.preventDefault() : undefined,
  };
}
