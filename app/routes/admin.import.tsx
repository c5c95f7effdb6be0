import { Upload } from 'lucide-react';
import { Form, Link, redirect, useNavigation } from 'react-router';
import type { Route } from './+types/admin.import';
import { AdminPageHeader } from '~/components/admin/admin-shell';
import { ImportStatusBadge } from '~/components/admin/products/import-progress';
import { FormError } from '~/components/ui/field';
import { adminMeta } from '~/lib/admin-meta';
import { busyButton } from '~/lib/busy-button';
import { listImportJobs, startImport } from '~/services/catalogue/spreadsheet/import.server';
import { readImportUpload } from '~/services/catalogue/spreadsheet/upload.server';
import { formAction } from '~/services/forms.server';
import { requireAdmin } from '~/services/permissions.server';

export const meta: Route.MetaFunction = () => adminMeta('Import Products');

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const jobs = await listImportJobs(10);
  return {
    jobs: jobs.map((j) => ({
      id: j.id,
      status: j.status,
      fileName: j.fileName,
      actorName: j.actorName,
      at: j.createdAt.toISOString(),
    })),
  };
}

/** Stores the upload and starts its check; the job's page follows it (and finds it after a reload). */
export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  return formAction(async () => {
    const upload = await readImportUpload(request);
    const id = await startImport(admin, upload);
    throw redirect(`/admin/import/${id}`);
  });
}

const when = new Intl.DateTimeFormat('en-SG', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Asia/Singapore',
});

export default function AdminImport({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  const error = actionData && !actionData.ok ? actionData : null;
  return (
    <>
      <AdminPageHeader
        title="Import Products"
        description={
          <>
            Create and update products from a spreadsheet ·{' '}
            <Link to="/admin/list" className="font-medium text-brand-700 underline">
              Back to products
            </Link>
          </>
        }
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <Form
          method="post"
          encType="multipart/form-data"
          className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
        >
          <FormError message={error?.error} />
          <div>
            <label htmlFor="sheet" className="block text-sm font-medium text-slate-800">
              Spreadsheet (CSV or Excel .xlsx, up to 50 MB)
            </label>
            <input
              id="sheet"
              name="sheet"
              type="file"
              required
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              aria-describedby="sheet-error"
              aria-invalid={error?.fields?.sheet ? true : undefined}
              className="mt-1 block w-full text-sm"
            />
            <p id="sheet-error" className="mt-1 min-h-5 text-sm text-red-700">
              {error?.fields?.sheet}
            </p>
          </div>
          <div>
            <label htmlFor="images" className="block text-sm font-medium text-slate-800">
              Images (optional: one ZIP of the photos the spreadsheet names, up to 1 GB)
            </label>
            <input
              id="images"
              name="images"
              type="file"
              accept=".zip,application/zip"
              aria-describedby="images-error"
              aria-invalid={error?.fields?.images ? true : undefined}
              className="mt-1 block w-full text-sm"
            />
            <p id="images-error" className="mt-1 min-h-5 text-sm text-red-700">
              {error?.fields?.images}
            </p>
          </div>
          <div>
            <label htmlFor="encoding" className="block text-sm font-medium text-slate-800">
              Text encoding of a CSV
            </label>
            <select
              id="encoding"
              name="encoding"
              defaultValue="auto"
              aria-describedby="encoding-hint"
              className="mt-1 w-full rounded-md border border-slate-300 bg-white px-3 py-2"
            >
              <option value="auto">Detect (UTF-8, else Windows-1252)</option>
              <option value="utf-8">UTF-8</option>
              <option value="windows-1252">Windows-1252 (Excel&apos;s “CSV” on Windows)</option>
            </select>
            <p id="encoding-hint" className="mt-1 text-xs text-slate-600">
              Excel files need no choice. The report says how a CSV was read.
            </p>
          </div>
          <div className="flex items-start gap-2">
            <input
              id="createTaxonomy"
              name="createTaxonomy"
              type="checkbox"
              className="mt-1 size-4"
            />
            <label htmlFor="createTaxonomy" className="text-sm text-slate-800">
              Create missing sports and categories
              <span className="block text-xs text-slate-600">
                Otherwise a sport or category the shop does not have is an error in the report.
              </span>
            </label>
          </div>
          <p className="text-sm text-slate-700">
            First the file is checked: you see what would be created, updated and left alone, and
            every error, before anything changes.
          </p>
          <button
            type="submit"
            {...busyButton(busy)}
            className="inline-flex items-center gap-2 rounded-md bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:opacity-60 aria-disabled:opacity-60"
          >
            <Upload aria-hidden className="size-4" /> {busy ? 'Uploading…' : 'Upload and check'}
          </button>
        </Form>
        <aside className="space-y-4">
          <section className="rounded-xl border border-slate-200 bg-white p-4 text-sm shadow-sm">
            <h2 className="font-bold text-slate-900">The file</h2>
            <p className="mt-1 text-slate-700">
              One row per product, with the columns of an export: ID, Model code, Name, Status,
              Sport, Categories (separated by “;”), Description, Images (file names in the ZIP,
              separated by “;”), and a “Spec: Height” column per specification (“Unit: Height” for
              its unit). A row is matched to a product by its model code, else by its ID; a row with
              neither is a new product. Start from an export of the product list.
            </p>
            <p className="mt-2">
              <a
                href="/admin/catalogue.csv"
                download
                className="font-semibold text-brand-700 underline"
              >
                Download the catalogue as CSV
              </a>
            </p>
          </section>
          <section
            aria-labelledby="recent-imports"
            className="rounded-xl border border-slate-200 bg-white p-4 text-sm shadow-sm"
          >
            <h2 id="recent-imports" className="font-bold text-slate-900">
              Recent imports
            </h2>
            {loaderData.jobs.length ? (
              <ul className="mt-2 divide-y divide-slate-100">
                {loaderData.jobs.map((job) => (
                  <li key={job.id} className="flex items-center justify-between gap-2 py-2">
                    <Link
                      to={`/admin/import/${job.id}`}
                      className="font-medium text-brand-700 underline [overflow-wrap:anywhere]"
                    >
                      {job.fileName}
                    </Link>
                    <span className="flex shrink-0 items-center gap-2 text-slate-600">
                      {when.format(new Date(job.at))} <ImportStatusBadge status={job.status} />
                    </span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-1 text-slate-600">None yet.</p>
            )}
          </section>
        </aside>
      </div>
    </>
  );
}
