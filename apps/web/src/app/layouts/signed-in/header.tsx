import type { RefObject } from 'react';
import { MenuIcon } from '@/components/ui/signed-in-icons';
import { Logo } from '@/components/ui/logo';
import { getPublicConfig } from '@/config/public-config';
import { useIntl } from '@/lib/i18n/use-intl';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { AccountMenu } from './account-menu';

interface HeaderProps {
  sidebarId: string;
  sidebarOpen: boolean;
  onOpenSidebar: () => void;
  menuButtonRef: RefObject<HTMLButtonElement | null>;
}

/** The top bar: the menu button and logo (narrow screens only), the notifications' bell and the account menu. */
export function Header({ sidebarId, sidebarOpen, onOpenSidebar, menuButtonRef }: HeaderProps) {
  const intl = useIntl();
  const { productName } = getPublicConfig();
  return (
    <header className="flex h-16 shrink-0 items-center gap-3 border-b border-line bg-canvas px-4 sm:px-6">
      <button
        ref={menuButtonRef}
        type="button"
        aria-label={intl.formatMessage({ id: 'nav.openMenu', defaultMessage: 'Open menu' })}
        aria-expanded={sidebarOpen}
        aria-controls={sidebarId}
        onClick={onOpenSidebar}
        className="-ms-1 flex size-10 items-center justify-center rounded-lg text-ink hover:bg-surface-raised lg:hidden"
      >
        <MenuIcon />
      </button>
      <span className="lg:hidden">
        <Logo productName={productName} />
      </span>
      <div className="ms-auto flex items-center gap-2">
        <NotificationBell />
        <AccountMenu />
      </div>
    </header>
  );
}
