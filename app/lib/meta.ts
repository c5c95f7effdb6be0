/** Standard title for a page. */
export function pageTitle(title: string): string {
  return `${title} | Fieldhouse Sports Engineering`;
}
