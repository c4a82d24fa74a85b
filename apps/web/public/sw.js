/**
 * The web app's service worker (issue 30): it shows the server's Web Push as a notification
 * and opens the notice's link when it is clicked. It caches nothing: the app stays the
 * server's. A push's JSON is `{ id, title, body, link }` (the server's push-delivery.ts).
 */
/* global self, clients */

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

/** The page a notification opens: an app path on this origin, or an https address as given. */
function targetOf(link) {
  if (typeof link !== 'string' || link === '')
    return new URL('/notifications', self.location.origin).href;
  // An app path: "/earnings", never "//elsewhere" (a path that is really another host).
  if (link.startsWith('/') && !link.startsWith('//')) {
    const url = new URL(link, self.location.origin);
    if (url.origin === self.location.origin) return url.href;
  }
  try {
    const url = new URL(link);
    if (url.protocol === 'https:') return url.href;
  } catch {
    // Not an address: the notifications page instead.
  }
  return new URL('/notifications', self.location.origin).href;
}

self.addEventListener('push', (event) => {
  let message;
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = {};
  }
  const title =
    typeof message.title === 'string' && message.title ? message.title : self.location.host;
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof message.body === 'string' ? message.body : '',
      icon: '/favicon.svg',
      // One notification per notice: a push delivered twice replaces the first.
      tag: typeof message.id === 'string' ? `notice-${message.id}` : undefined,
      data: { url: targetOf(message.link) },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = event.notification.data && event.notification.data.url;
  const target = typeof url === 'string' ? url : targetOf(null);
  event.waitUntil(
    (async () => {
      const windows = await clients.matchAll({ type: 'window', includeUncontrolled: true });
      const sameOrigin = new URL(target).origin === self.location.origin;
      // A tab of the app already open goes to the page, rather than opening another.
      const open = sameOrigin ? windows.find((client) => 'navigate' in client) : undefined;
      if (open) {
        await open.focus();
        await open.navigate(target);
        return;
      }
      await clients.openWindow(target);
    })(),
  );
});
