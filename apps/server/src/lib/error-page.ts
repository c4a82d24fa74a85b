/**
 * Addresses the browser opens itself, such as a platform login's start (a new
 * tab) and its return (a redirect back from the platform, or /discord-auth):
 * a failure there is shown as a small page with the message and a link back,
 * not as the JSON envelope a script would read (issue 14). The central error
 * handler still decides the status and the words; this only changes how they
 * are shown.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SERVER_MESSAGES, type FieldErrors } from '@netpulse/shared';
import { escapeHtml } from './escape-html.ts';

export interface ErrorPageOptions {
  /** What the person was doing, e.g. "Discord sign-in"; the page's title and heading. */
  title: string;
  back: { href: string; label: string };
}

/** The page: the heading, the message and any field errors, and the way back. */
export function renderErrorPage(
  options: ErrorPageOptions & { productName: string; message: string; errors?: FieldErrors },
): string {
  const details = Object.values(options.errors ?? {}).flat();
  const paragraphs = [options.message, ...details].map((text) => `<p>${escapeHtml(text)}</p>`);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(options.title)} · ${escapeHtml(options.productName)}</title>
</head>
<body>
<main>
<h1>${escapeHtml(options.title)} did not finish</h1>
${paragraphs.join('\n')}
<p><a href="${escapeHtml(options.back.href)}">${escapeHtml(options.back.label)}</a></p>
</main>
</body>
</html>
`;
}

/** A browser's navigation asks for HTML; a script (or a test) that does not gets the envelope. */
const wantsPage = (request: FastifyRequest) =>
  request.headers.accept?.includes('text/html') ?? false;

/**
 * An `onSend` hook for such a route: for a browser, an error envelope becomes
 * the page, with the envelope's status. Success (a redirect) passes as it is.
 */
export function errorsAsPage(options: ErrorPageOptions) {
  return async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (reply.statusCode < 400 || typeof payload !== 'string' || !wantsPage(request)) {
      return payload;
    }
    let envelope: { message?: unknown; errors?: FieldErrors };
    try {
      envelope = JSON.parse(payload) as typeof envelope;
    } catch {
      return payload;
    }
    void reply.type('text/html; charset=utf-8');
    return renderErrorPage({
      ...options,
      productName: request.server.config.PRODUCT_NAME,
      message:
        typeof envelope.message === 'string' ? envelope.message : SERVER_MESSAGES.internalError,
      errors: envelope.errors,
    });
  };
}
