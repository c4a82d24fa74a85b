import { Badge } from '@/components/ui/badge';
import { useIntl } from '@/lib/i18n/use-intl';

/** An account's state as badges: banned, unverified, admin (a plain member with none shows "Active"). */
export function UserStatus({
  role,
  verified,
  bannedAt,
}: {
  role: string;
  verified: boolean;
  bannedAt: string | null;
}) {
  const intl = useIntl();
  return (
    <span className="inline-flex flex-wrap gap-1.5 max-sm:justify-end">
      {bannedAt && (
        <Badge testId="badge-banned" className="border-danger/50 bg-danger/10 text-danger">
          {intl.formatMessage({ id: 'console.status.banned', defaultMessage: 'Banned' })}
        </Badge>
      )}
      {!verified && (
        <Badge className="border-line bg-surface-raised text-ink-muted">
          {intl.formatMessage({ id: 'console.status.unverified', defaultMessage: 'Unverified' })}
        </Badge>
      )}
      {role === 'admin' && (
        <Badge>{intl.formatMessage({ id: 'console.status.admin', defaultMessage: 'Admin' })}</Badge>
      )}
      {!bannedAt && verified && role !== 'admin' && (
        <Badge className="border-line bg-surface-raised text-ink-muted">
          {intl.formatMessage({ id: 'console.status.active', defaultMessage: 'Active' })}
        </Badge>
      )}
    </span>
  );
}
