import { Suspense } from 'react';
import { Link, Outlet } from '@/lib/router';
import { LanguageSwitcher } from '@/components/language-switcher/language-switcher';
import { Logo } from '@/components/ui/logo';
import { LoadingState } from '@/components/ui/spinner';
import { getPublicConfig } from '@/config/public-config';
import { paths } from '@/config/paths';
import { useIntl } from '@/lib/i18n/use-intl';

/**
 * The frame of the logged-out screens and the legal pages: the logo and the language
 * switcher above a centred panel.
 */
export function PublicLayout() {
  const intl = useIntl();
  const { productName } = getPublicConfig();
  return (
    <div className="flex min-h-dvh flex-col bg-canvas bg-[radial-gradient(ellipse_at_top,var(--color-accent-glow),transparent_60%)]">
      <header className="flex items-center justify-between gap-4 px-4 py-5 sm:px-8">
        <Link
          to={paths.home.href()}
          aria-label={intl.formatMessage(
            { id: 'nav.home', defaultMessage: '{productName} home' },
            { productName },
          )}
          className="inline-block"
        >
          <Logo productName={productName} />
        </Link>
        <LanguageSwitcher />
      </header>
      {/* items-start on phones: a card is as tall as its form, not stretched to the screen. */}
      <main className="flex flex-1 items-start justify-center px-4 pt-4 pb-12 sm:items-center sm:pt-0">
        <Suspense fallback={<LoadingState />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
