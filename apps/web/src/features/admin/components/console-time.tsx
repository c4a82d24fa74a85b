import { formatNetworkTime } from '@netpulse/shared';
import { MissingValue } from '@/components/ui/missing-value';

/** A moment as the console shows every time: local, 24-hour, `YYYY-MM-DD HH:mm`. */
export function ConsoleTime({ iso }: { iso: string | null | undefined }) {
  if (!iso) return <MissingValue label="None" />;
  return (
    <time dateTime={iso} className="tabular-nums">
      {formatNetworkTime(iso)}
    </time>
  );
}
