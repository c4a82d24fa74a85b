import { Suspense, useEffect, useRef } from 'react';
import { defineMessages } from '@netpulse/i18n';
import { NavLink, Outlet, useLocation } from '@/lib/router';
import { LoadingState } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { useIntl } from '@/lib/i18n/use-intl';
import { TwoFactorSetupNotice, useTwoFactorSetupRequired } from './two-factor-setup-notice';

const messages = defineMessages({
  overview: { id: 'console.nav.overview', defaultMessage: 'Overview' },
  users: { id: 'console.nav.users', defaultMessage: 'Users' },
  invites: { id: 'console.nav.invites', defaultMessage: 'Invites' },
  cycles: { id: 'console.nav.cycles', defaultMessage: 'Cycles' },
  reviews: { id: 'console.nav.reviews', defaultMessage: 'Review queue' },
  fraud: { id: 'console.nav.fraud', defaultMessage: 'Fraud signals' },
  audit: { id: 'console.nav.audit', defaultMessage: 'Audit log' },
  announcements: { id: 'console.nav.announcements', defaultMessage: 'Announcements' },
  jobs: { id: 'console.nav.jobs', defaultMessage: 'Job queue' },
});

const CONSOLE_LINKS = [
  { to: paths.admin.href(), label: messages.overview, end: true },
  { to: paths.adminUsers.href(), label: messages.users, end: false },
  { to: paths.adminInvites.href(), label: messages.invites, end: true },
  { to: paths.adminCycles.href(), label: messages.cycles, end: true },
  { to: paths.adminReviews.href(), label: messages.reviews, end: true },
  { to: paths.adminFraud.href(), label: messages.fraud, end: true },
  { to: paths.adminAnnouncements.href(), label: messages.announcements, end: true },
  { to: paths.adminJobs.href(), label: messages.jobs, end: true },
  { to: paths.adminAudit.href(), label: messages.audit, end: true },
];

/**
 * The console's frame inside the app's: its own navigation, a row of tabs that
 * scrolls sideways on a phone, above the console's screens.
 */
export function ConsoleLayout() {
  const intl = useIntl();
  const navRef = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const twoFactorSetupRequired = useTwoFactorSetupRequired();
  // On a phone the tabs scroll sideways: keep the current one in view.
  useEffect(() => {
    navRef.current
      ?.querySelector('[aria-current="page"]')
      ?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [pathname]);

  // The console's API refuses an admin without a second factor: the console is of no use yet.
  if (twoFactorSetupRequired) return <TwoFactorSetupNotice />;

  return (
    <div className="flex flex-col gap-6" data-testid="console">
      <div className="flex flex-col gap-3">
        <p className="text-xs font-semibold tracking-wide text-accent-strong uppercase">
          {intl.formatMessage({ id: 'console.title', defaultMessage: 'Console' })}
        </p>
        <nav
          ref={navRef}
          aria-label={intl.formatMessage({ id: 'console.title', defaultMessage: 'Console' })}
          className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0"
        >
          <ul className="flex w-max gap-1 rounded-xl border border-line bg-surface p-1 sm:w-auto sm:flex-wrap">
            {CONSOLE_LINKS.map(({ to, label, end }) => (
              <li key={to}>
                <NavLink
                  to={to}
                  end={end}
                  className={({ isActive }) =>
                    cn(
                      'flex min-h-10 items-center rounded-lg px-3 text-sm font-medium whitespace-nowrap transition-colors',
                      isActive
                        ? 'bg-accent/10 text-accent-strong'
                        : 'text-ink-muted hover:bg-surface-raised hover:text-ink',
                    )
                  }
                >
                  {intl.formatMessage(label)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <Suspense fallback={<LoadingState />}>
        <Outlet />
      </Suspense>
    </div>
  );
}
