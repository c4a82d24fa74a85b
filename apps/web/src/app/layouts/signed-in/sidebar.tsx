import { useEffect, useRef } from 'react';
import { Link, NavLink } from '@/lib/router';
import { InstallExtensionLink } from '@/components/extension/install-extension-link';
import { CloseIcon } from '@/components/ui/signed-in-icons';
import { Logo } from '@/components/ui/logo';
import { getPublicConfig } from '@/config/public-config';
import { paths } from '@/config/paths';
import { defineMessages, type MessageDescriptor } from '@netpulse/i18n';
import { cn } from '@/lib/cn';
import { useIntl } from '@/lib/i18n/use-intl';
import { useUserProfile } from '@/api/get-user-profile';
import { SidebarIcon, type NavIconName } from './nav-icons';

const labels = defineMessages({
  dashboard: { id: 'nav.dashboard', defaultMessage: 'Dashboard' },
  nodes: { id: 'nav.nodes', defaultMessage: 'Nodes' },
  referral: { id: 'nav.referral', defaultMessage: 'Referral' },
  quests: { id: 'nav.quests', defaultMessage: 'Quests' },
  transactionHistory: { id: 'nav.transactionHistory', defaultMessage: 'Transaction History' },
  earnings: { id: 'nav.earnings', defaultMessage: 'Earnings' },
  console: { id: 'nav.console', defaultMessage: 'Console' },
});

interface NavLinkItem {
  to: string;
  label: MessageDescriptor;
  icon: NavIconName;
}

const NAV_LINKS: NavLinkItem[] = [
  { to: paths.dashboard.href(), label: labels.dashboard, icon: 'dashboard' },
  // Not among the spec's five links: docs/ARCHITECTURE.md section 8 (Nodes).
  { to: paths.nodes.href(), label: labels.nodes, icon: 'nodes' },
  { to: paths.referral.href(), label: labels.referral, icon: 'referral' },
  { to: paths.quests.href(), label: labels.quests, icon: 'quests' },
  {
    to: paths.transactionHistory.href(),
    label: labels.transactionHistory,
    icon: 'transactionHistory',
  },
  { to: paths.earnings.href(), label: labels.earnings, icon: 'earnings' },
];

/** Shown to admins only (docs/ARCHITECTURE.md section 8); the console's own links are inside it. */
const CONSOLE_LINK: NavLinkItem = {
  to: paths.admin.href(),
  label: labels.console,
  icon: 'console',
};

interface SidebarProps {
  id: string;
  /** Only matters below the lg breakpoint, where the sidebar is a drawer. */
  open: boolean;
  /** A link was chosen: the drawer closes and the new screen takes focus. */
  onClose: () => void;
  /** Closed without navigating: focus returns to the menu button. */
  onDismiss: () => void;
}

/**
 * The 170 px sidebar (spec section 2): logo, the six screens (Nodes added to
 * the spec's five) and the extension install button. Always shown on wide screens; a drawer on narrow ones.
 */
export function Sidebar({ id, open, onClose, onDismiss }: SidebarProps) {
  const intl = useIntl();
  const { productName } = getPublicConfig();
  const closeButtonRef = useRef<HTMLButtonElement>(null);
  // Reads the profile the header fetches, without fetching it a second time.
  const { data: profile } = useUserProfile({ enabled: false });
  const links = profile?.role === 'admin' ? [...NAV_LINKS, CONSOLE_LINK] : NAV_LINKS;

  // Opening the drawer moves focus into it, so keyboard users land on the menu.
  useEffect(() => {
    if (open) closeButtonRef.current?.focus();
  }, [open]);

  return (
    <aside
      id={id}
      aria-label={intl.formatMessage({ id: 'nav.sidebar', defaultMessage: 'Sidebar' })}
      className={cn(
        'fixed inset-y-0 start-0 z-40 flex w-[170px] shrink-0 flex-col border-e border-line bg-surface px-2 py-5 transition-[translate,visibility] duration-200 lg:visible lg:static lg:translate-x-0',
        open ? 'visible translate-x-0' : 'invisible -translate-x-full max-lg:rtl:translate-x-full',
      )}
    >
      <Link
        to={paths.dashboard.href()}
        aria-label={intl.formatMessage(
          { id: 'nav.productDashboard', defaultMessage: '{productName} dashboard' },
          { productName },
        )}
        onClick={onClose}
        className="mx-2 self-start"
      >
        <Logo productName={productName} />
      </Link>
      {/* Outside the 170 px panel, over the backdrop, so the logo keeps its full width. */}
      <button
        ref={closeButtonRef}
        type="button"
        aria-label={intl.formatMessage({ id: 'nav.closeMenu', defaultMessage: 'Close menu' })}
        onClick={onDismiss}
        className="absolute top-4 -end-12 flex size-10 items-center justify-center rounded-lg bg-surface text-ink hover:bg-surface-raised lg:hidden"
      >
        <CloseIcon />
      </button>

      <nav
        aria-label={intl.formatMessage({ id: 'nav.main', defaultMessage: 'Main' })}
        className="mt-8"
      >
        <ul className="flex flex-col gap-1">
          {links.map(({ to, label, icon }) => (
            <li key={to}>
              <NavLink
                to={to}
                onClick={onClose}
                className={({ isActive }) =>
                  cn(
                    'flex min-h-11 items-center gap-2.5 rounded-lg px-2.5 py-2 text-sm leading-tight font-medium transition-colors',
                    isActive
                      ? 'bg-accent/10 text-accent-strong'
                      : 'text-ink-muted hover:bg-surface-raised hover:text-ink',
                  )
                }
              >
                {({ isActive }) => (
                  <>
                    <SidebarIcon name={icon} variant={isActive ? 'filled' : 'outline'} />
                    {intl.formatMessage(label)}
                  </>
                )}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>

      <InstallExtensionLink className="mt-auto" />
    </aside>
  );
}
