/**
 * Saves a file the page was given (a VAT invoice's PDF, the customer's data as JSON) as a download: a link
 * to a Blob, clicked and let go. The features hand over the file; only this browser part touches the page.
 */

/** A file made in the page, to be saved under `name`. */
export interface PageFile {
  readonly name: string;
  readonly blob: Blob;
}

export function saveFile({ name, blob }: PageFile): void {
  const url = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), { href: url, download: name, hidden: true });
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the Blob after the click returns: let it go a minute later.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
