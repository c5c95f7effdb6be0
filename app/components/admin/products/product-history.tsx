import type { AuditAction, AuditChanges } from '~/services/db/schema';

export interface HistoryEntry {
  id: number;
  actorName: string;
  action: AuditAction;
  changes: AuditChanges;
  createdAt: Date | string;
}

const VERB: Record<AuditAction, string> = {
  create: 'created the product',
  update: 'changed',
  delete: 'deleted the product',
  // Requests about a person's data: never a product's, named for completeness.
  export: 'exported',
  erase: 'erased',
};

const LABEL: Record<string, string> = {
  name: 'Name',
  description: 'Description',
  sport: 'Sport',
  categories: 'Categories',
  images: 'Images',
};

const ORDER = Object.keys(LABEL);

function show(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(none)';
  if (Array.isArray(value)) return value.length ? value.map(String).join(', ') : '(none)';
  const text = String(value);
  return text.length > 80 ? `${text.slice(0, 77)}…` : text;
}

const when = new Intl.DateTimeFormat('en-SG', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Asia/Singapore',
});

/** A product's audit trail on its edit page: who did what, when, newest first. */
export function ProductHistory({ entries }: { entries: HistoryEntry[] }) {
  return (
    <section aria-labelledby="history-heading" className="mt-8">
      <h2 id="history-heading" className="text-lg font-bold text-slate-900">
        History
      </h2>
      {entries.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No recorded changes yet.</p>
      ) : (
        <ol className="mt-3 space-y-3">
          {entries.map((entry) => {
            // jsonb does not keep key order: show fields in the form's order.
            const fields = Object.entries(entry.changes).sort(
              ([a], [b]) => ORDER.indexOf(a) - ORDER.indexOf(b),
            );
            return (
              <li
                key={entry.id}
                className="rounded-lg border border-slate-200 bg-white p-3 text-sm shadow-sm"
              >
                <p>
                  <strong className="text-slate-900">{entry.actorName}</strong> {VERB[entry.action]}
                  {entry.action === 'update'
                    ? ` ${fields.map(([k]) => (LABEL[k] ?? k).toLowerCase()).join(', ') || 'nothing'}`
                    : ''}{' '}
                  <span className="text-slate-600">
                    ·{' '}
                    <time dateTime={new Date(entry.createdAt).toISOString()}>
                      {when.format(new Date(entry.createdAt))}
                    </time>
                  </span>
                </p>
                {entry.action === 'update' && fields.length ? (
                  <dl className="mt-2 grid grid-cols-[max-content_1fr] gap-x-3 gap-y-1 text-slate-700">
                    {fields.map(([key, change]) => (
                      <div key={key} className="contents">
                        <dt className="font-medium">{LABEL[key] ?? key}</dt>
                        <dd className="break-words">
                          {show(change.from)} → {show(change.to)}
                        </dd>
                      </div>
                    ))}
                  </dl>
                ) : null}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
