import { AttachmentList, type ListedAttachment } from '~/components/ui/attachment-list';

/**
 * An enquiry's files on the buyer's pages: the ones they attached and, where the page shows no
 * replies (a guest's), the ones our replies carried. Each link goes to the page's own download
 * route, which checks access again.
 */
export function EnquiryFiles({
  files,
  href,
  withReplies,
}: {
  files: readonly (ListedAttachment & { owner: string })[];
  href: (id: number) => string;
  withReplies: boolean;
}) {
  const theirs = files.filter((f) => f.owner === 'enquiry');
  const ours = withReplies ? files.filter((f) => f.owner === 'reply') : [];
  if (!theirs.length && !ours.length) return null;
  return (
    <section aria-labelledby="files-heading" className="mt-6">
      <h2 id="files-heading" className="font-bold text-slate-900">
        Files
      </h2>
      {theirs.length ? <AttachmentList files={theirs} href={href} label="Files from you" /> : null}
      {ours.length ? (
        <>
          <h3 className="mt-3 text-sm font-semibold text-slate-700">From our team</h3>
          <AttachmentList files={ours} href={href} label="Files from our team" />
        </>
      ) : null}
    </section>
  );
}
