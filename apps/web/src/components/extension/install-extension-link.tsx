import { extensionInstallUrl } from '@netpulse/shared';
import { ExtensionIcon } from '@/components/ui/icons';
import { getPublicConfig } from '@/config/public-config';
import { cn } from '@/lib/cn';

/**
 * The validator extension's Install button: the store page when the server names
 * one, else the build it serves. The sidebar shows it, and so does the Nodes
 * screen while there is no node yet.
 */
export function InstallExtensionLink({ className }: { className?: string }) {
  const config = getPublicConfig();
  return (
    <a
      href={extensionInstallUrl(config)}
      target="_blank"
      rel="noopener noreferrer"
      className={cn(
        'flex items-center gap-2 rounded-xl border border-accent/40 bg-accent/10 px-2 py-2.5 text-left transition-colors hover:bg-accent/20',
        className,
      )}
    >
      <ExtensionIcon className="size-4.5 text-accent-strong" />
      <span className="flex min-w-0 flex-col">
        <span className="text-xs leading-tight font-semibold break-words text-ink">
          Install {config.productName}
        </span>
        <span className="text-[11px] text-ink-muted">Validator Extension</span>
      </span>
    </a>
  );
}
