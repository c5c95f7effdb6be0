import type { AuditAction } from '~/services/db/schema';
import { AuditImages, statusText } from './audit-values';

export interface HistoryEntry {
  id: number;
  actorName: string;
  action: AuditAction;
  /** As recorded, with image lists as thumbnails (withThumbnails). */
  changes: Record<string, { from: unknown; to: unknown }>;
  createdAt: Date | string;
}

const VERB: Record<AuditAction, string> = {
  create: 'created the product',
  update: 'changed',
  delete: 'deleted the product',
  trash: 'moved the product to the trash',
  restore: 'restored the product from the trash',
  purge: 'deleted the product for good',
  // Requests about a person's data: never a product's, named for completeness.
  export: 'exported',
  erase: 'erased',
};

const LABEL: Record<string, string> = {
  name: 'Name',
  status: 'Status',
  description: 'Description',
  sport: 'Sport',
  categories: 'Categories',
  images: 'Images',
};

const ORDER = Object.keys(LABEL);

function show(key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '(none)';
  if (key === 'status') return statusText(value) ?? String(value);
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
            const fields = Object.entries(entry.changes)
              .filter(([k]) => k in LABEL)
              .sort(([a], [b]) => ORDER.indexOf(a) - ORDER.indexOf(b));
            const copiedFrom = entry.changes.copiedFrom?.to;
            return (
              <li
                key={entry.id}
                className="rounded-lg border border-slate-200 bg-white p-3 text-sm shadow-sm"
              >
                <p>
                  <strong className="text-slate-900">{entry.actorName}</strong> {VERB[entry.action]}
                  {entry.action === 'update'
                    ? ` ${fields.map(([k]) => (LABEL[k] ?? k).toLowerCase()).join(', ') || 'nothing'}`
                    : ''}
                  {entry.action === 'create' && copiedFrom
                    ? ` as a copy of ${String(copiedFrom)}`
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
                          {key === 'images' ? (
                            <>
                              <AuditImages images={change.from} label="Images before" /> →{' '}
                              <AuditImages images={change.to} label="Images after" />
                            </>
                          ) : (
                            <>
                              {show(key, change.from)} → {show(key, change.to)}
                            </>
                          )}
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
