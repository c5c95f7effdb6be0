import { Form, Link, redirect, useNavigation } from 'react-router';
import type { Route } from './+types/admin.import.$id';
import type { DocumentHandle } from '~/root';
import { AdminPageHeader } from '~/components/admin/admin-shell';
import {
  ImportProgress,
  ImportStatusBadge,
  usePollWhile,
} from '~/components/admin/products/import-progress';
import { FormError } from '~/components/ui/field';
import { adminMeta } from '~/lib/admin-meta';
import { atWork } from '~/lib/import-jobs';
import { busyButton } from '~/lib/busy-button';
import { idParam } from '~/lib/route-id';
import {
  cancelImport,
  getImportJob,
  importReportRows,
  startApply,
} from '~/services/catalogue/spreadsheet/import.server';
import { UserError } from '~/services/errors.server';
import { formAction, readForm } from '~/services/forms.server';
import { requireAdmin } from '~/services/permissions.server';

/** Rows of the plan the page lists; the downloadable report has them all. */
const SHOWN_ROWS = 200;

export const meta: Route.MetaFunction = () => adminMeta('Import');

/** Without JavaScript the page follows a job at work by reloading itself every 3 seconds. */
export const handle: DocumentHandle = {
  refreshWithoutScript: (data) => {
    const job = (data as Route.ComponentProps['loaderData'] | undefined)?.job;
    return job && atWork(job.status) ? 3 : undefined;
  },
};

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const job = await getImportJob(idParam(params.id));
  if (!job) throw new Response('Import not found', { status: 404, statusText: 'Not Found' });
  const rows = job.status === 'checked' ? await importReportRows(job.id, SHOWN_ROWS) : [];
  return { job, rows };
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  return formAction(async () => {
    const id = idParam(params.id);
    const intent = (await readForm(request)).get('intent');
    if (intent === 'apply') await startApply(admin, id);
    else if (intent === 'cancel') await cancelImport(id);
    else throw new UserError('Unknown action. Please reload the page and try again.', 400);
    throw redirect(`/admin/import/${id}`);
  });
}

const button = 'rounded-md px-5 py-2.5 font-semibold disabled:opacity-60 aria-disabled:opacity-60';

export default function AdminImportJob({ loaderData, actionData }: Route.ComponentProps) {
  const { job, rows } = loaderData;
  const working = atWork(job.status);
  usePollWhile(working);
  const busy = useNavigation().state === 'submitting';
  const summary = job.summary;
  const failure = actionData && !actionData.ok ? actionData.error : undefined;
  const canApply = job.status === 'checked' && summary && summary.errors === 0;
  const nothingToDo = summary && summary.create + summary.update === 0;

  return (
    <>
      <AdminPageHeader
        title="Import"
        description={
          <>
            <span className="[overflow-wrap:anywhere]">{job.fileName}</span>
            {job.imagesFileName ? ` with ${job.imagesFileName}` : ''} ·{' '}
            <ImportStatusBadge status={job.status} /> ·{' '}
            <Link to="/admin/import" className="font-medium text-brand-700 underline">
              All imports
            </Link>
          </>
        }
      />
      <div className="space-y-6">
        <FormError message={failure} />
        {working ? (
          <section
            aria-label="Progress"
            className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
          >
            {job.phase === 'images' ? (
              <ImportProgress
                label="Images checked and stored"
                done={job.imagesDone}
                total={job.imagesTotal}
                secondsLeft={job.secondsLeft}
              />
            ) : (
              <ImportProgress
                label={job.phase === 'apply' ? 'Products applied' : 'Rows checked'}
                done={job.rowsDone}
                total={job.rowsTotal}
                secondsLeft={job.secondsLeft}
              />
            )}
            {job.status === 'checking' ? (
              <Form method="post">
                <input type="hidden" name="intent" value="cancel" />
                <button
                  type="submit"
                  {...busyButton(busy)}
                  className={`${button} border border-slate-300 bg-white text-slate-800 hover:bg-slate-50`}
                >
                  Cancel the import
                </button>
              </Form>
            ) : (
              <p className="text-sm text-slate-700">
                Applying in one go: if anything fails, nothing is changed.
              </p>
            )}
          </section>
        ) : null}

        {job.status === 'failed' || job.status === 'cancelled' ? (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-red-900">
            {job.status === 'cancelled'
              ? 'This import was cancelled: nothing was applied.'
              : job.message}{' '}
            <Link to="/admin/import" className="font-semibold underline">
              Upload a file
            </Link>
          </p>
        ) : null}

        {job.status === 'applied' && summary ? (
          <p role="status" className="rounded-md bg-green-50 px-3 py-2 text-green-900">
            Applied: {summary.create} created, {summary.update} updated.{' '}
            <Link to="/admin/list" className="font-semibold underline">
              See the products
            </Link>
          </p>
        ) : null}

        {summary && (job.status === 'checked' || job.status === 'applied') ? (
          <section
            aria-labelledby="report-heading"
            className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
          >
            <h2 id="report-heading" className="text-lg font-bold text-slate-900">
              {job.status === 'checked' ? 'What the import would do' : 'What the import did'}
            </h2>
            <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
              {(
                [
                  ['Created', summary.create],
                  ['Updated', summary.update],
                  ['Left alone', summary.unchanged],
                  ['Errors', summary.errors],
                ] as const
              ).map(([label, n]) => (
                <div key={label} className="rounded-md bg-slate-50 p-3">
                  <dt className="text-sm text-slate-600">{label}</dt>
                  <dd className="text-2xl font-bold text-slate-900" data-testid={`count-${label}`}>
                    {n.toLocaleString('en-SG')}
                  </dd>
                </div>
              ))}
            </dl>
            {summary.encoding && summary.encoding !== 'UTF-8' && summary.encoding !== 'Excel' ? (
              <p className="text-sm text-amber-900">
                The file was read as {summary.encoding} text: check that accented letters look right
                below.
              </p>
            ) : null}
            {summary.newSports.length || summary.newCategories.length ? (
              <p className="text-sm text-slate-800">
                Creates{' '}
                {summary.newSports.length ? `the sports ${summary.newSports.join(', ')}` : ''}
                {summary.newSports.length && summary.newCategories.length ? ' and ' : ''}
                {summary.newCategories.length
                  ? `the categories ${summary.newCategories.join(', ')}`
                  : ''}
                .
              </p>
            ) : null}
            {job.status === 'checked' ? (
              <div className="flex flex-wrap items-center gap-3">
                {canApply && !nothingToDo ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value="apply" />
                    <button
                      type="submit"
                      {...busyButton(busy)}
                      className={`${button} bg-brand-600 text-white hover:bg-brand-700`}
                    >
                      Apply {summary.create + summary.update} changes
                    </button>
                  </Form>
                ) : null}
                <Form method="post">
                  <input type="hidden" name="intent" value="cancel" />
                  <button
                    type="submit"
                    {...busyButton(busy)}
                    className={`${button} border border-slate-300 bg-white text-slate-800 hover:bg-slate-50`}
                  >
                    Cancel the import
                  </button>
                </Form>
                <a
                  href={`/admin/import/${job.id}/report.csv`}
                  download
                  className="font-semibold text-brand-700 underline"
                >
                  Download the report (CSV)
                </a>
              </div>
            ) : null}
            {summary.errors > 0 ? (
              <p role="alert" className="text-red-800">
                The file has {summary.errors} {summary.errors === 1 ? 'error' : 'errors'}: nothing
                is applied. Correct the file and upload it again.
              </p>
            ) : nothingToDo && job.status === 'checked' ? (
              <p className="text-slate-700">
                The catalogue already matches this file: nothing to apply.
              </p>
            ) : null}
          </section>
        ) : null}

        {job.issues.length ? (
          <section
            aria-labelledby="errors-heading"
            className="rounded-xl border border-red-200 bg-white p-4 shadow-sm"
          >
            <h2 id="errors-heading" className="text-lg font-bold text-slate-900">
              Errors
              {summary && summary.errors > job.issues.length
                ? ` (the first ${job.issues.length} of ${summary.errors})`
                : ''}
            </h2>
            <div className="mt-2 overflow-x-auto">
              <table className="w-full text-left text-sm">
                <thead>
                  <tr className="border-b border-slate-200">
                    <th scope="col" className="py-2 pr-3">
                      Row
                    </th>
                    <th scope="col" className="py-2 pr-3">
                      Column
                    </th>
                    <th scope="col" className="py-2">
                      Problem
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {job.issues.map((issue, i) => (
                    <tr key={i} className="border-b border-slate-100 align-top">
                      <td className="py-2 pr-3">{issue.row}</td>
                      <td className="py-2 pr-3 [overflow-wrap:anywhere]">{issue.column}</td>
                      <td className="py-2 [overflow-wrap:anywhere]">{issue.message}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
        ) : null}

        {rows.length ? (
          <section
            aria-labelledby="plan-heading"
            className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
          >
            <h2 id="plan-heading" className="text-lg font-bold text-slate-900">
              Rows to create or update
              {summary && summary.create + summary.update > rows.length
                ? ` (the first ${rows.length}; the report has them all)`
                : ''}
            </h2>
            <div className="mt-2 overflow-x-auto">
              <table className="w-full text-left text-sm">
                <thead>
                  <tr className="border-b border-slate-200">
                    <th scope="col" className="py-2 pr-3">
                      Row
                    </th>
                    <th scope="col" className="py-2 pr-3">
                      Product
                    </th>
                    <th scope="col" className="py-2 pr-3">
                      Action
                    </th>
                    <th scope="col" className="py-2">
                      Changes
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((r) => (
                    <tr key={r.row} className="border-b border-slate-100 align-top">
                      <td className="py-2 pr-3">{r.row}</td>
                      <td className="py-2 pr-3 [overflow-wrap:anywhere]">
                        {r.productId ? (
                          <Link
                            to={`/admin/edit/${r.productId}`}
                            className="text-brand-700 underline"
                          >
                            {r.name}
                          </Link>
                        ) : (
                          r.name
                        )}
                      </td>
                      <td className="py-2 pr-3">{r.action === 'create' ? 'Create' : 'Update'}</td>
                      <td className="py-2">
                        {r.action === 'create' ? 'New product' : r.changes.join(', ')}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
        ) : null}
      </div>
    </>
  );
}
