import { Badge } from '@/components/ui/badge';

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
  return (
    <span className="inline-flex flex-wrap gap-1.5 max-sm:justify-end">
      {bannedAt && (
        <Badge testId="badge-banned" className="border-danger/50 bg-danger/10 text-danger">
          Banned
        </Badge>
      )}
      {!verified && (
        <Badge className="border-line bg-surface-raised text-ink-muted">Unverified</Badge>
      )}
      {role === 'admin' && <Badge>Admin</Badge>}
      {!bannedAt && verified && role !== 'admin' && (
        <Badge className="border-line bg-surface-raised text-ink-muted">Active</Badge>
      )}
    </span>
  );
}
