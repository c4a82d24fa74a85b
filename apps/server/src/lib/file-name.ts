/**
 * Parts of the file names the server offers in Content-Disposition: only
 * letters, digits and dashes survive, so a product name from the
 * configuration can never break the header or name a path.
 */

/** `text` with every run of other characters made one dash, none at the ends; '' when nothing is left. */
export function fileNamePart(text: string): string {
  return text.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '');
}
