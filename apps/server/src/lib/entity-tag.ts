/**
 * Conditional requests (RFC 9110 section 13.1.2): whether a request's `If-None-Match` names
 * the entity tag of what would be sent, so the answer can be a 304 without a body.
 */

/** An entity tag's opaque part: the same tag weak (`W/"x"`) or strong (`"x"`). */
const opaqueTag = (tag: string) => tag.trim().replace(/^W\//, '');

/**
 * True when `header` lists `etag` or is `*`. The comparison is the weak one the RFC asks of
 * `If-None-Match`: a tag matches whether either side is marked weak.
 */
export function isNotModified(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header.trim() === '*') return true;
  const wanted = opaqueTag(etag);
  return header.split(',').some((tag) => opaqueTag(tag) === wanted);
}
