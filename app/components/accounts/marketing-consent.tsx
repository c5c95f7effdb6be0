/**
 * The box for news of products and offers: unticked unless the customer ticked it before, apart
 * from what the form is for, and honest that nothing is sent yet (the privacy notice says so).
 */
export function MarketingConsent({ defaultChecked = false }: { defaultChecked?: boolean }) {
  return (
    <div className="flex items-start gap-2 py-1">
      <input
        id="marketing"
        name="marketing"
        type="checkbox"
        defaultChecked={defaultChecked}
        aria-describedby="marketing-hint"
        className="mt-1 size-4 rounded border-slate-300"
      />
      <div>
        <label htmlFor="marketing" className="text-sm font-medium text-slate-800">
          E-mail me news of products and offers (optional)
        </label>
        <p id="marketing-hint" className="text-xs text-slate-600">
          We send none at present: ticking records that you agree to them, with the date, should we
          start. Untick it on your Profile page at any time.
        </p>
      </div>
    </div>
  );
}
