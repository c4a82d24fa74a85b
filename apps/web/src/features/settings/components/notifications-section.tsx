import { zodResolver } from '@hookform/resolvers/zod';
import {
  isLockedOn,
  isOfferedCell,
  isTimeZone,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_EVENTS,
  notificationPreferencesSchema,
  type NotificationChannel,
  type NotificationEvent,
  type NotificationPreferences,
} from '@netpulse/shared';
import { useCallback, useId, useMemo } from 'react';
import { useForm, useWatch, type UseFormRegister } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/empty-state';
import { FieldError } from '@/components/ui/field-error';
import { Panel } from '@/components/ui/panel';
import { SelectField } from '@/components/ui/select-field';
import { LoadingState } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { TextField } from '@/components/ui/text-field';
import { useBrowserPush } from '@/features/settings/push/use-browser-push';
import { apiFailureMessage } from '@/lib/api-error-message';
import { showFormFailure } from '@/lib/form-failure';
import { intl as activeIntl } from '@/lib/i18n/active-locale';
import { useIntl } from '@/lib/i18n/use-intl';
import { toast } from '@/lib/toast';
import { useNotificationPreferences } from '@/features/settings/api/get-notification-preferences';
import { useSaveNotificationPreferences } from '@/features/settings/api/save-notification-preferences';
import {
  notificationCellLabel,
  notificationChannelName,
  notificationEventName,
} from '@/features/settings/notification-labels';
import { PushControl } from './push-control';

/** Quiet hours as they start when turned on: the night. */
const NIGHT = { start: '22:00', end: '07:00' };

/** The matrix's grid from `sm` up: the event's name, then a column per channel. */
const MATRIX_COLUMNS = 'sm:grid-cols-[minmax(0,1fr)_repeat(4,minmax(4.5rem,6rem))]';

/** This browser's IANA zone, or null when it names none the contract accepts. */
function browserTimeZone(): string | null {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isTimeZone(zone) ? zone : null;
}

/**
 * The form's first values. The contract answers an account that never chose with UTC and
 * has no "never chosen" flag, so UTC is read as not chosen yet and the browser's own zone is
 * offered; it is stored only when the person saves.
 */
function formDefaults(saved: NotificationPreferences): NotificationPreferences {
  const zone = saved.time_zone === 'UTC' ? (browserTimeZone() ?? 'UTC') : saved.time_zone;
  return { ...saved, time_zone: zone };
}

/** The locked cells are on whatever the form holds: the server would refuse them off. */
function withLockedCells(preferences: NotificationPreferences): NotificationPreferences {
  const channels = { ...preferences.channels };
  for (const event of NOTIFICATION_EVENTS) {
    for (const channel of NOTIFICATION_CHANNELS) {
      if (isLockedOn(event, channel)) channels[event] = { ...channels[event], [channel]: true };
    }
  }
  return { ...preferences, channels };
}

/** The zones to choose from: the runtime's list, with the current one first if it is missing. */
function timeZoneOptions(current: string): { value: string; label: string }[] {
  const zones =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([current, 'UTC', ...zones])].map((zone) => ({ value: zone, label: zone }));
}

/**
 * Notifications (issue 30): which events reach the person where (a row per event, a column
 * per channel; a card per event on a phone), the mail's rhythm, quiet hours and the time zone
 * they are in, saved together by one button.
 */
export function NotificationsSection() {
  const intl = useIntl();
  const preferences = useNotificationPreferences();
  return (
    <Panel
      title={intl.formatMessage({
        id: 'settings.notifications',
        defaultMessage: 'Notifications',
      })}
      testId="settings-notifications"
    >
      {preferences.isError ? (
        <ErrorState
          message={intl.formatMessage({
            id: 'settings.notificationsFailed',
            defaultMessage: 'Your notification preferences could not be loaded.',
          })}
          onRetry={() => void preferences.refetch()}
        />
      ) : preferences.data ? (
        <PreferencesForm saved={preferences.data} />
      ) : (
        <LoadingState />
      )}
    </Panel>
  );
}

function PreferencesForm({ saved }: { saved: NotificationPreferences }) {
  const intl = useIntl();
  const lockedNoteId = useId();
  const pushNoteId = useId();
  const timeZoneErrorId = useId();
  const onPushFailure = useCallback((error: unknown) => toast.error(apiFailureMessage(error)), []);
  const push = useBrowserPush(onPushFailure);
  const form = useForm<NotificationPreferences>({
    resolver: zodResolver(notificationPreferencesSchema),
    mode: 'onSubmit',
    defaultValues: formDefaults(saved),
  });
  const save = useSaveNotificationPreferences({
    onSuccess: () =>
      toast.success(
        activeIntl().formatMessage({
          id: 'settings.notificationsSaved',
          defaultMessage: 'Your notification preferences are saved.',
        }),
      ),
    onError: (error) =>
      showFormFailure(error, {
        setError: form.setError,
        fields: ['time_zone', 'quiet_hours.start', 'quiet_hours.end', 'mail_mode'],
      }),
  });
  const onSubmit = form.handleSubmit((values) => save.mutate(withLockedCells(values)));
  const quietHours = useWatch({ control: form.control, name: 'quiet_hours' });
  const timeZone = useWatch({ control: form.control, name: 'time_zone' });
  const zones = useMemo(() => timeZoneOptions(timeZone), [timeZone]);
  const errors = form.formState.errors;

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
      <div className="flex flex-col gap-3 sm:gap-0" data-testid="notification-matrix">
        <div
          aria-hidden="true"
          className={`hidden pb-2 text-xs font-medium text-ink-muted sm:grid ${MATRIX_COLUMNS}`}
        >
          <span />
          {NOTIFICATION_CHANNELS.map((channel) => (
            <span key={channel} className="text-center">
              {notificationChannelName(channel, intl)}
            </span>
          ))}
        </div>
        {NOTIFICATION_EVENTS.map((event) => (
          <EventRow
            key={event}
            event={event}
            register={form.register}
            lockedNoteId={lockedNoteId}
            pushUsable={push.state === 'on'}
            pushNoteId={pushNoteId}
          />
        ))}
      </div>

      <PushControl push={push} noteId={pushNoteId} />

      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label={intl.formatMessage({
            id: 'settings.notificationsMailMode',
            defaultMessage: 'Mail delivery',
          })}
          options={[
            {
              value: 'immediate',
              label: intl.formatMessage({
                id: 'settings.notificationsMailImmediate',
                defaultMessage: 'Immediately',
              }),
            },
            {
              value: 'digest',
              label: intl.formatMessage({
                id: 'settings.notificationsMailDigest',
                defaultMessage: 'Daily digest',
              }),
            },
          ]}
          {...form.register('mail_mode')}
        />
        <div className="flex flex-col gap-1.5">
          <SelectField
            label={intl.formatMessage({
              id: 'settings.notificationsTimeZone',
              defaultMessage: 'Time zone',
            })}
            options={zones}
            aria-invalid={errors.time_zone ? true : undefined}
            aria-describedby={errors.time_zone ? timeZoneErrorId : undefined}
            {...form.register('time_zone')}
          />
          <FieldError id={timeZoneErrorId} message={errors.time_zone?.message} />
        </div>
      </div>

      <div className="flex flex-col gap-3">
        <Switch
          label={intl.formatMessage({
            id: 'settings.notificationsQuietHours',
            defaultMessage: 'Quiet hours',
          })}
          checked={quietHours !== null}
          onCheckedChange={(on) =>
            form.setValue('quiet_hours', on ? NIGHT : null, { shouldDirty: true })
          }
        />
        <p className="text-sm text-ink-muted">
          {intl.formatMessage({
            id: 'settings.notificationsQuietHoursExplained',
            defaultMessage:
              'Mail and push wait until quiet hours end, in your time zone. The app still shows everything.',
          })}
        </p>
        {quietHours !== null && (
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              type="time"
              label={intl.formatMessage({
                id: 'settings.notificationsQuietFrom',
                defaultMessage: 'From',
              })}
              error={errors.quiet_hours?.start?.message}
              {...form.register('quiet_hours.start')}
            />
            <TextField
              type="time"
              label={intl.formatMessage({
                id: 'settings.notificationsQuietTo',
                defaultMessage: 'To',
              })}
              error={errors.quiet_hours?.end?.message}
              {...form.register('quiet_hours.end')}
            />
          </div>
        )}
      </div>

      <div>
        <Button type="submit" isLoading={save.isPending}>
          {intl.formatMessage({ id: 'settings.save', defaultMessage: 'Save' })}
        </Button>
      </div>
    </form>
  );
}

/** One event: its name, then a box per channel it is offered on (a card on a phone). */
function EventRow({
  event,
  register,
  lockedNoteId,
  pushUsable,
  pushNoteId,
}: {
  event: NotificationEvent;
  register: UseFormRegister<NotificationPreferences>;
  lockedNoteId: string;
  pushUsable: boolean;
  pushNoteId: string;
}) {
  const intl = useIntl();
  const nameId = useId();
  const hasLockedCell = NOTIFICATION_CHANNELS.some((channel) => isLockedOn(event, channel));
  return (
    <div
      role="group"
      aria-labelledby={nameId}
      data-testid={`notification-event-${event}`}
      className={`grid grid-cols-2 gap-x-4 gap-y-2 rounded-xl border border-line p-3 sm:items-center sm:gap-y-1 sm:rounded-none sm:border-x-0 sm:border-b-0 sm:px-0 ${MATRIX_COLUMNS}`}
    >
      <p id={nameId} className="col-span-2 text-sm font-medium text-ink sm:col-span-1">
        {notificationEventName(event, intl)}
      </p>
      {NOTIFICATION_CHANNELS.map((channel) => (
        <MatrixCell
          key={channel}
          event={event}
          channel={channel}
          register={register}
          lockedNoteId={lockedNoteId}
          usable={channel !== 'push' || pushUsable}
          unusableNoteId={pushNoteId}
        />
      ))}
      {hasLockedCell && (
        <p id={lockedNoteId} className="col-span-2 text-xs text-ink-muted sm:col-span-5">
          {intl.formatMessage({
            id: 'settings.notificationsSecurityLocked',
            defaultMessage:
              'Security mail cannot be turned off: it tells you when your account changes.',
          })}
        </p>
      )}
    </div>
  );
}

function MatrixCell({
  event,
  channel,
  register,
  lockedNoteId,
  usable,
  unusableNoteId,
}: {
  event: NotificationEvent;
  channel: NotificationChannel;
  register: UseFormRegister<NotificationPreferences>;
  lockedNoteId: string;
  /** False for the push column while this browser is not subscribed (the note says why). */
  usable: boolean;
  unusableNoteId: string;
}) {
  const intl = useIntl();
  // A channel that cannot carry the event: an empty cell on a wide screen, nothing on a phone.
  if (!isOfferedCell(event, channel)) return <span aria-hidden="true" className="max-sm:hidden" />;
  const locked = isLockedOn(event, channel);
  const box = locked ? (
    // Not registered: a disabled input would be left out of the form's values.
    <input
      type="checkbox"
      checked
      disabled
      readOnly
      aria-describedby={lockedNoteId}
      aria-label={notificationCellLabel(event, channel, intl)}
      className="size-4.5 shrink-0 rounded accent-accent"
    />
  ) : (
    // An unusable cell keeps its saved value: the disabled attribute, not register's option,
    // which would drop it from the form's values (another browser may be subscribed).
    <input
      type="checkbox"
      aria-label={notificationCellLabel(event, channel, intl)}
      className="size-4.5 shrink-0 cursor-pointer rounded accent-accent disabled:cursor-not-allowed disabled:opacity-50"
      disabled={!usable}
      aria-describedby={usable ? undefined : unusableNoteId}
      {...register(`channels.${event}.${channel}`)}
    />
  );
  return (
    <label className="flex min-h-10 items-center gap-2 text-sm text-ink-muted sm:justify-center">
      {box}
      {/* On a phone the column's name stands beside its box; the box's own label says it all. */}
      <span aria-hidden="true" className="sm:hidden">
        {notificationChannelName(channel, intl)}
      </span>
    </label>
  );
}
