/** The default SVG wordmark. */
export function Logo() {
  return (
    <span className="flex items-center gap-2">
      <svg aria-hidden viewBox="0 0 32 32" className="size-8">
        <rect width="32" height="32" rx="7" fill="#0b5cd5" />
        <path d="M8 24V8h14v4h-9v3h8v4h-8v5z" fill="#fff" />
        <circle cx="24" cy="22" r="3" fill="#f97316" />
      </svg>
      <span className="text-lg leading-none font-extrabold tracking-tight text-slate-900">
        Fieldhouse
        {/* Under 390 px the header's row has no room for the line (360 px phones are common). */}
        <span className="block text-[0.65rem] font-semibold tracking-[0.2em] text-slate-600 uppercase max-[389px]:hidden">
          Sports Engineering
        </span>
      </span>
    </span>
  );
}
