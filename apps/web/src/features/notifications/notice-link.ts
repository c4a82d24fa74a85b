/** Where a notice's link goes: a path of this app, an https page in a new tab, or nowhere. */
export type NoticeLink = { kind: 'app'; to: string } | { kind: 'web'; href: string } | null;

/**
 * The contract's `link` is an app path (`/nodes`) or an https address. Anything else (a
 * protocol-relative `//host`, `http:`, `javascript:`) is not followed: the list shows the
 * notice without a link rather than trust it.
 */
export function noticeLinkOf(link: string | null): NoticeLink {
  if (!link) return null;
  if (link.startsWith('/') && !link.startsWith('//') && !link.startsWith('/\\')) {
    return { kind: 'app', to: link };
  }
  try {
    const url = new URL(link);
    return url.protocol === 'https:' ? { kind: 'web', href: url.href } : null;
  } catch {
    return null;
  }
}
