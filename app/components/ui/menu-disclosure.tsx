import { useEffect, useRef } from 'react';
import { ChevronDown } from 'lucide-react';

/**
 * A dropdown built on <details>, so it opens without JavaScript and by keyboard (Enter/Space on
 * the summary). With JavaScript it also closes on Escape (returning focus), on an outside click,
 * when the focus leaves it, after choosing a link and after sending a form in it (Log Out: the
 * page stays, so an open menu would stay open over it).
 */
export function MenuDisclosure({
  label,
  children,
  className = '',
  panelClassName = '',
  summaryClassName = '',
  icon,
  chevron = true,
}: {
  label: React.ReactNode;
  children: React.ReactNode;
  className?: string;
  panelClassName?: string;
  summaryClassName?: string;
  icon?: React.ReactNode;
  /** Off for icon-only triggers (the phone header's search and menu buttons). */
  chevron?: boolean;
}) {
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    const close = () => details.removeAttribute('open');
    const onPointer = (event: PointerEvent) => {
      if (details.open && !details.contains(event.target as Node)) close();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && details.open) {
        // Only the innermost open menu closes (a submenu inside the phone's menu), not the ones
        // around it.
        event.stopPropagation();
        close();
        details.querySelector('summary')?.focus();
      }
    };
    const onClick = (event: MouseEvent) => {
      if ((event.target as HTMLElement).closest('a')) close();
    };
    const onSubmit = () => close();
    // Tabbing out of an open menu closes it: its panel would cover what gets the focus next.
    const onFocusOut = (event: FocusEvent) => {
      const next = event.relatedTarget as Node | null;
      if (details.open && next && !details.contains(next)) close();
    };
    document.addEventListener('pointerdown', onPointer);
    details.addEventListener('keydown', onKey);
    details.addEventListener('click', onClick);
    details.addEventListener('focusout', onFocusOut);
    details.addEventListener('submit', onSubmit);
    return () => {
      details.removeEventListener('submit', onSubmit);
      document.removeEventListener('pointerdown', onPointer);
      details.removeEventListener('keydown', onKey);
      details.removeEventListener('click', onClick);
      details.removeEventListener('focusout', onFocusOut);
    };
  }, []);
  return (
    <details ref={ref} className={className || 'relative'}>
      <summary
        className={`flex cursor-pointer items-center gap-1 rounded-md select-none ${summaryClassName}`}
      >
        {icon}
        {label}
        {/* Rotated only by its own <details>: a `group-open` variant would also turn the closed
            submenus' chevrons inside an open menu. */}
        {chevron ? (
          <ChevronDown
            aria-hidden
            className="size-4 transition-transform [[open]>summary>&]:rotate-180"
          />
        ) : null}
      </summary>
      <div className={`z-40 ${panelClassName}`}>{children}</div>
    </details>
  );
}
