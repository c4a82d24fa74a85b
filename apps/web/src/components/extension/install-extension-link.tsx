import { Link } from '@/lib/router';
import { CheckCircleIcon, ExtensionIcon } from '@/components/ui/signed-in-icons';
import { getPublicConfig } from '@/config/public-config';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { useIntl } from '@/lib/i18n/use-intl';
import { useExtensionConnected } from './use-extension-connected';

const frameClass =
  'flex items-center gap-2 rounded-xl border px-2 py-2.5 text-start transition-colors';

/**
 * The validator extension's Install button, to the install page's steps (decision
 * 033); once the extension holds this tab's sign-in, "Extension connected" instead,
 * which is news, not a link. The sidebar shows it, and so does the Nodes screen
 * while there is no node yet.
 */
export function InstallExtensionLink({ className }: { className?: string }) {
  const intl = useIntl();
  const { productName } = getPublicConfig();
  const validatorExtension = intl.formatMessage({
    id: 'extensionLink.validatorExtension',
    defaultMessage: 'Validator Extension',
  });
  const connected = useExtensionConnected();
  if (connected) {
    return (
      <p
        data-testid="extension-connected"
        className={cn(frameClass, 'border-success/40 bg-success/10', className)}
      >
        <CheckCircleIcon className="size-4.5 shrink-0 text-success" />
        <span className="flex min-w-0 flex-col">
          <span className="text-xs leading-tight font-semibold break-words text-ink">
            {intl.formatMessage({
              id: 'extensionLink.connected',
              defaultMessage: 'Extension connected',
            })}
          </span>
          <span className="text-[11px] text-ink-muted">{validatorExtension}</span>
        </span>
      </p>
    );
  }
  return (
    <Link
      to={paths.install.href()}
      className={cn(frameClass, 'border-accent/40 bg-accent/10 hover:bg-accent/20', className)}
    >
      <ExtensionIcon className="size-4.5 shrink-0 text-accent-strong" />
      <span className="flex min-w-0 flex-col">
        <span className="text-xs leading-tight font-semibold break-words text-ink">
          {intl.formatMessage(
            { id: 'extensionLink.install', defaultMessage: 'Install {productName}' },
            { productName },
          )}
        </span>
        <span className="text-[11px] text-ink-muted">{validatorExtension}</span>
      </span>
    </Link>
  );
}
