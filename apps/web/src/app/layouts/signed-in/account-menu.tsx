import { useId, useRef, useState } from 'react';
import { Link } from '@/lib/router';
import { useSaveAccountLocale } from '@/api/save-account-locale';
import { LanguageSwitcher } from '@/components/language-switcher/language-switcher';
import { Avatar } from '@/components/ui/avatar';
import { Spinner } from '@/components/ui/spinner';
import { ChevronDownIcon } from '@/components/ui/icons';
import { LogoutIcon, SettingsIcon } from '@/components/ui/signed-in-icons';
import { paths } from '@/config/paths';
import { useLogout } from '@/api/logout';
import { useDelay } from '@/hooks/use-delay';
import { useDismiss } from '@/hooks/use-dismiss';
import { cn } from '@/lib/cn';
import { useUserProfile } from '@/api/get-user-profile';
import { useAccountLocale } from '@/lib/i18n/use-account-locale';
import { useIntl } from '@/lib/i18n/use-intl';

/** Spec section 4: the header loads the profile about 200 ms after it first appears. */
const PROFILE_LOAD_DELAY_MS = 200;

/**
 * The header's profile picture and username; a click toggles a dropdown with the Account
 * screen (issue 29: not a sidebar link), Logout and the account's language. The page follows
 * the account's language once the profile names it.
 */
export function AccountMenu() {
  const intl = useIntl();
  const profileDue = useDelay(PROFILE_LOAD_DELAY_MS);
  const { data: profile } = useUserProfile({ enabled: profileDue });
  const logout = useLogout();
  const saveLocale = useSaveAccountLocale();
  useAccountLocale(profile?.locale);
  const [open, setOpen] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  useDismiss(containerRef, open, () => {
    setOpen(false);
    triggerRef.current?.focus();
  });

  const username = profile?.username;

  return (
    <div ref={containerRef} className="relative">
      <button
        ref={triggerRef}
        type="button"
        aria-label={
          username
            ? intl.formatMessage(
                { id: 'nav.accountMenuOf', defaultMessage: '{username}, account menu' },
                { username },
              )
            : intl.formatMessage({ id: 'nav.accountMenu', defaultMessage: 'Account menu' })
        }
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((isOpen) => !isOpen)}
        className="flex items-center gap-3 rounded-full py-1 pe-2 ps-1 transition-colors hover:bg-surface-raised"
      >
        <Avatar src={profile?.profile_img} />
        {/* On phones the header also holds the logo: the avatar stands for the account there. */}
        {username ? (
          <span className="hidden max-w-[14rem] truncate text-sm font-medium text-ink sm:block">
            {username}
          </span>
        ) : (
          <span
            aria-hidden="true"
            className="hidden h-4 w-20 animate-pulse rounded bg-surface-raised sm:block"
          />
        )}
        <ChevronDownIcon
          className={cn('size-4 text-ink-muted transition-transform', open && 'rotate-180')}
        />
      </button>

      <div
        id={menuId}
        hidden={!open}
        className="absolute end-0 z-30 mt-2 w-48 rounded-xl border border-line bg-surface-raised p-1.5 shadow-xl shadow-black/40"
      >
        <Link
          to={paths.settings.href()}
          onClick={() => setOpen(false)}
          className="flex w-full items-center gap-2.5 rounded-lg px-3 py-2.5 text-start text-sm font-medium text-ink hover:bg-surface"
        >
          <SettingsIcon className="size-4" />
          {intl.formatMessage({ id: 'accountMenu.settings', defaultMessage: 'Account settings' })}
        </Link>
        <button
          type="button"
          onClick={() => logout.mutate({})}
          disabled={logout.isPending}
          className="flex w-full items-center gap-2.5 rounded-lg px-3 py-2.5 text-start text-sm font-medium text-ink hover:bg-surface disabled:opacity-70"
        >
          {logout.isPending ? <Spinner className="size-4" /> : <LogoutIcon className="size-4" />}
          {intl.formatMessage({ id: 'nav.logout', defaultMessage: 'Logout' })}
        </button>
        <LanguageSwitcher
          className="mt-1.5 border-t border-line pt-1.5"
          onChosen={(locale) => saveLocale.mutate(locale)}
        />
      </div>
    </div>
  );
}
