import { DEFAULT_CYCLE } from '@netpulse/shared';
import { PageHeading } from '@/components/ui/page-heading';
import { useIntl } from '@/lib/i18n/use-intl';
import { useDelay } from '@/hooks/use-delay';
import { useUserProfile } from '@/api/get-user-profile';
import { useDashboardStats } from '@/features/dashboard/api/get-dashboard-stats';
import { DashboardStatCards } from './dashboard-stat-cards';
import { EarningsStatistics } from './earnings-statistics';
import { FirstRunChecklist } from './first-run-checklist';
import { NetworkStatistics } from './network-statistics';
import { QuestsPanel } from './quests-panel';
import { ReferFriendsBar } from './refer-friends-bar';

/** Spec section 4: the dashboard profile and stats load 200 ms after the screen opens. */
const INITIAL_LOAD_DELAY_MS = 200;

/** The Dashboard screen (spec section 2). */
export function DashboardScreen() {
  const intl = useIntl();
  const due = useDelay(INITIAL_LOAD_DELAY_MS);
  const { data: profile, isError: profileFailed } = useUserProfile({ enabled: due });
  const { data: stats, isError: statsFailed } = useDashboardStats({ enabled: due });

  return (
    <section className="flex flex-col gap-6">
      <PageHeading
        title={intl.formatMessage({ id: 'dashboard.title', defaultMessage: 'Dashboard' })}
      >
        <p
          data-testid="current-cycle"
          className="inline-flex items-center gap-2 rounded-full border border-accent/40 bg-accent/10 px-4 py-1.5 text-sm font-semibold text-accent-strong"
        >
          <span aria-hidden="true" className="size-2 rounded-full bg-accent" />
          {intl.formatMessage(
            { id: 'dashboard.currentCycle', defaultMessage: '{cycle} Cycle' },
            { cycle: stats?.currentSeason ?? DEFAULT_CYCLE },
          )}
        </p>
      </PageHeading>
      <DashboardStatCards
        stats={stats}
        profile={profile}
        statsFailed={statsFailed}
        profileFailed={profileFailed}
      />
      <ReferFriendsBar
        referralUrl={stats?.referralUrl}
        twitterUrl={stats?.twitterUrl}
        unavailable={statsFailed}
      />
      {/* items-start: each panel is as tall as its content, not stretched to its neighbour. */}
      <div className="grid items-start gap-6 xl:grid-cols-5">
        <QuestsPanel profile={profile} className="xl:col-span-2" />
        <EarningsStatistics className="xl:col-span-3" />
      </div>
      <NetworkStatistics />
      {/* Asked once the dashboard's own figures are, and last: a panel that appears late
          above the others would push them down as the page is read (docs/decisions/033). */}
      <FirstRunChecklist enabled={profile !== undefined} />
    </section>
  );
}
