export function PageHeader({ title, subtitle }: { title: string; subtitle?: string }) {
  return (
    <div className="bg-gradient-to-r from-brand-800 to-brand-600 text-white">
      <div className="mx-auto max-w-7xl px-4 py-10 sm:py-14">
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{title}</h1>
        {subtitle ? <p className="mt-2 max-w-2xl text-brand-100">{subtitle}</p> : null}
      </div>
    </div>
  );
}

/** A page whose full content arrives with a later piece of work: the frame around it is real. */
export function PlannedPage({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <>
      <PageHeader title={title} />
      <div className="mx-auto max-w-3xl px-4 py-10 text-slate-700">
        {children ?? (
          <p>
            This page is being prepared. Meanwhile, browse our catalogue or contact us for a quote.
          </p>
        )}
      </div>
    </>
  );
}
