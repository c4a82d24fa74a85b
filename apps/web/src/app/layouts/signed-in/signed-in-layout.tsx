import { Suspense, useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import { Outlet, useLocation } from '@/lib/router';
import { LoadingState } from '@/components/ui/spinner';
import { useIntl } from '@/lib/i18n/use-intl';
import { Header } from './header';
import { Sidebar } from './sidebar';

/** The frame of every signed-in screen: sidebar, header, and a main area that scrolls on its own. */
export function SignedInLayout() {
  const intl = useIntl();
  const [sidebarOpen, setSidebarOpen] = useState(false);
  const sidebarId = useId();
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const mainRef = useRef<HTMLElement>(null);
  const { pathname } = useLocation();

  // Each screen starts at its top, not where the previous one was scrolled to.
  useEffect(() => {
    mainRef.current?.scrollTo({ top: 0 });
  }, [pathname]);

  const dismissSidebar = () => {
    setSidebarOpen(false);
    menuButtonRef.current?.focus();
  };
  const dismissOnEscape = useEffectEvent((event: KeyboardEvent) => {
    if (event.key === 'Escape') dismissSidebar();
  });

  useEffect(() => {
    if (!sidebarOpen) return;
    const onKeyDown = (event: KeyboardEvent) => dismissOnEscape(event);
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [sidebarOpen]);

  return (
    // `relative` on the frame and on `main`: an absolutely positioned descendant (visually
    // hidden screen-reader text) is placed and clipped inside them, so it can no longer
    // make the document taller than the window and scroll the header and sidebar away.
    <div className="relative flex h-dvh overflow-hidden bg-canvas">
      <Sidebar
        id={sidebarId}
        open={sidebarOpen}
        onClose={() => setSidebarOpen(false)}
        onDismiss={dismissSidebar}
      />
      {sidebarOpen && (
        <button
          type="button"
          aria-label={intl.formatMessage({ id: 'nav.closeMenu', defaultMessage: 'Close menu' })}
          tabIndex={-1}
          onClick={dismissSidebar}
          data-testid="sidebar-backdrop"
          className="fixed inset-0 z-30 cursor-default bg-black/60 lg:hidden"
        />
      )}
      <div className="flex min-w-0 flex-1 flex-col">
        <Header
          sidebarId={sidebarId}
          sidebarOpen={sidebarOpen}
          onOpenSidebar={() => setSidebarOpen(true)}
          menuButtonRef={menuButtonRef}
        />
        {/*
         * Scrolling past the end of `main` stops there rather than chaining to the document.
         * The scroll padding keeps a focus ring in view when Tab scrolls a control into view.
         */}
        <main
          ref={mainRef}
          className="relative flex-1 scroll-py-4 overflow-y-auto overscroll-contain px-4 py-6 sm:px-6 lg:px-8 lg:py-8"
        >
          <Suspense fallback={<LoadingState />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  );
}
