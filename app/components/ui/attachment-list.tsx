import { Download, Paperclip } from 'lucide-react';
import { formatFileSize } from '~/lib/attachments';

/** An attachment as a page lists it (services/attachments' AttachmentView, dates serialised). */
export interface ListedAttachment {
  id: number;
  fileName: string;
  contentType: string;
  size: number;
}

/**
 * Files to download, each a link to the route of the page's audience (`href`), which checks
 * access again on the server and sends the file as an attachment.
 */
/**
 * A timeline's `replyFiles`: for a reply's event, the list of the files that reply carried (none
 * for a reply without files).
 */
export function replyFileLists(
  files: readonly (ListedAttachment & { owner: string; eventId: number | null })[],
  href: (id: number) => string,
) {
  return function filesOfReply(eventId: number) {
    return (
      <AttachmentList
        files={files.filter((f) => f.owner === 'reply' && f.eventId === eventId)}
        href={href}
        label="Files sent with this reply"
      />
    );
  };
}

export function AttachmentList({
  files,
  href,
  label,
}: {
  files: readonly ListedAttachment[];
  href: (id: number) => string;
  /** What the list is, for screen readers ("Files from you"). */
  label: string;
}) {
  if (!files.length) return null;
  return (
    <ul aria-label={label} className="mt-2 space-y-1.5">
      {files.map((file) => (
        <li key={file.id}>
          <a
            href={href(file.id)}
            download={file.fileName}
            className="inline-flex max-w-full items-center gap-2 rounded-md border border-slate-200 bg-white px-2.5 py-1.5 text-sm text-brand-800 hover:bg-brand-50"
          >
            <Paperclip aria-hidden className="size-4 shrink-0 text-slate-600" />
            <span className="min-w-0 truncate font-medium">{file.fileName}</span>
            <span className="shrink-0 text-xs text-slate-600">{formatFileSize(file.size)}</span>
            <Download aria-hidden className="size-4 shrink-0" />
          </a>
        </li>
      ))}
    </ul>
  );
}
