import { useEffect } from 'react';
import { useRevalidator } from 'react-router';
import type { ImportJobStatus } from '~/services/db/schema';

const STATUS_TEXT: Record<ImportJobStatus, string> = {
  checking: 'Checking',
  checked: 'Checked',
  applying: 'Applying',
  applied: 'Applied',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

const STATUS_STYLE: Record<ImportJobStatus, string> = {
  checking: 'bg-sky-100 text-sky-900',
  checked: 'bg-amber-100 text-amber-900',
  applying: 'bg-sky-100 text-sky-900',
  applied: 'bg-green-100 text-green-900',
  failed: 'bg-red-100 text-red-900',
  cancelled: 'bg-slate-200 text-slate-800',
};

export function ImportStatusBadge({ status }: { status: ImportJobStatus }) {
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_STYLE[status]}`}>
      {STATUS_TEXT[status]}
    </span>
  );
}

/** "about 2 min", "about 40 s": a rough time left. */
function timeLeft(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds <= 0) return '';
  if (seconds < 60) return `about ${Math.max(1, Math.round(seconds))} s left`;
  return `about ${Math.round(seconds / 60)} min left`;
}

/**
 * While the server works on an import, the page reads it again every second (the job lives on
 * the server: a reload, or another tab, finds it where it is). Without JavaScript the page
 * reloads itself (the route's handle asks the root layout for a refresh in a noscript).
 */
export function usePollWhile(working: boolean) {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!working) return;
    const timer = setInterval(() => {
      if (revalidator.state === 'idle') void revalidator.revalidate();
    }, 1000);
    return () => clearInterval(timer);
  }, [working, revalidator]);
}

/** A progress bar with its counts and the time left the server estimates. */
export function ImportProgress({
  label,
  done,
  total,
  secondsLeft,
}: {
  label: string;
  done: number;
  total: number;
  secondsLeft: number | null;
}) {
  const left = secondsLeft === null ? '' : timeLeft(secondsLeft);
  const percent = total > 0 ? Math.min(100, Math.round((done / total) * 100)) : 0;
  return (
    <div>
      <div className="flex justify-between text-sm text-slate-700">
        <span id="import-progress-label">{label}</span>
        <span>
          {done.toLocaleString('en-SG')} of {total.toLocaleString('en-SG')}
          {left ? ` · ${left}` : ''}
        </span>
      </div>
      <div
        role="progressbar"
        aria-labelledby="import-progress-label"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        aria-valuetext={`${done} of ${total}`}
        className="mt-1 h-3 overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full bg-brand-600 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
