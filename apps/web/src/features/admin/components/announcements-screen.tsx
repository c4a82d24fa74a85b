import type { Announcement, AnnouncementPreview, AnnouncementRow } from '@netpulse/shared';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ClampedText } from '@/components/ui/clamped-text';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import type { Column } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { FieldError } from '@/components/ui/field-error';
import { FieldLabel } from '@/components/ui/field-label';
import { PageHeading } from '@/components/ui/page-heading';
import { PagedTable } from '@/components/ui/paged-table';
import { Panel } from '@/components/ui/panel';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { Time } from '@/components/ui/time';
import { isApiError } from '@/lib/api-client';
import { apiFailureMessage } from '@/lib/api-error-message';
import { formatPoints } from '@/lib/format-number';
import { useIntl } from '@/lib/i18n/use-intl';
import { toast } from '@/lib/toast';
import {
  useAnnouncements,
  usePreviewAnnouncement,
  useSendAnnouncement,
} from '@/features/admin/api/announcements';
import { CANNOT_BE_UNDONE } from '@/features/admin/console-texts';

type Audience = 'everyone' | 'active';
type FieldErrors = Partial<Record<'title' | 'text' | 'link' | 'activeWithinDays', string>>;

/** The server's words for each field of a refused announcement (the schema's texts). */
function fieldErrorsOf(error: unknown): FieldErrors | null {
  if (!isApiError(error)) return null;
  const fields = error.fieldErrors;
  const found: FieldErrors = {
    title: fields.title?.[0],
    text: fields.text?.[0],
    link: fields.link?.[0],
    activeWithinDays: fields.activeWithinDays?.[0],
  };
  return Object.values(found).some(Boolean) ? found : null;
}

/** Announcements: compose one, preview whom it reaches and how it reads, send it, see the past ones. */
export function AnnouncementsScreen() {
  const intl = useIntl();
  const textId = useId();
  const [title, setTitle] = useState('');
  const [text, setText] = useState('');
  const [link, setLink] = useState('');
  const [audience, setAudience] = useState<Audience>('everyone');
  const [days, setDays] = useState('30');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [preview, setPreview] = useState<{ of: string; shown: AnnouncementPreview } | null>(null);
  const [confirming, setConfirming] = useState(false);

  const announcement: Announcement = {
    title,
    text,
    link: link.trim() || null,
    activeWithinDays: audience === 'active' ? Number(days) : null,
  };
  // A preview stands for the form as it was: once the form changes it is not shown.
  const formKey = JSON.stringify(announcement);
  const previewShown = preview?.of === formKey ? preview.shown : null;

  const refused = (error: Error) => {
    const fields = fieldErrorsOf(error);
    if (fields) setErrors(fields);
    else toast.error(apiFailureMessage(error));
  };
  const previewing = usePreviewAnnouncement({
    onSuccess: (shown, sent) => setPreview({ of: JSON.stringify(sent), shown }),
    onError: refused,
  });
  const sending = useSendAnnouncement({
    onSuccess: (row) => {
      toast.success(
        intl.formatMessage(
          {
            id: 'console.announcements.sentToast',
            defaultMessage:
              'Announcement sent to {count, plural, one {# account} other {# accounts}}',
          },
          { count: row.recipients },
        ),
      );
      setConfirming(false);
      setTitle('');
      setText('');
      setLink('');
      setPreview(null);
    },
    onError: (error) => {
      setConfirming(false);
      refused(error);
    },
  });

  return (
    <section className="flex flex-col gap-6">
      <PageHeading
        title={intl.formatMessage({
          id: 'console.nav.announcements',
          defaultMessage: 'Announcements',
        })}
      />
      <Panel
        title={intl.formatMessage({
          id: 'console.announcements.compose',
          defaultMessage: 'New announcement',
        })}
        testId="announcement-form"
      >
        <form
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            setErrors({});
            previewing.mutate(announcement);
          }}
        >
          <TextField
            label={intl.formatMessage({
              id: 'console.announcements.title',
              defaultMessage: 'Title',
            })}
            name="title"
            autoComplete="off"
            maxLength={120}
            value={title}
            error={errors.title}
            onChange={(event) => setTitle(event.target.value)}
          />
          <div className="flex flex-col gap-1.5">
            <FieldLabel htmlFor={textId}>
              {intl.formatMessage({ id: 'console.announcements.text', defaultMessage: 'Text' })}
            </FieldLabel>
            <textarea
              id={textId}
              name="text"
              rows={4}
              maxLength={2000}
              value={text}
              aria-invalid={errors.text ? true : undefined}
              aria-describedby={errors.text ? `${textId}-error` : undefined}
              onChange={(event) => setText(event.target.value)}
              className={`block w-full rounded-lg border bg-surface-raised px-3.5 py-2.5 text-base text-ink transition-colors hover:border-ink-muted sm:text-sm ${errors.text ? 'border-danger' : 'border-line'}`}
            />
            <FieldError id={`${textId}-error`} message={errors.text} />
          </div>
          <TextField
            label={intl.formatMessage({
              id: 'console.announcements.linkOptional',
              defaultMessage: 'Link (optional, https)',
            })}
            name="link"
            type="url"
            autoComplete="off"
            inputMode="url"
            value={link}
            error={errors.link}
            onChange={(event) => setLink(event.target.value)}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              label={intl.formatMessage({
                id: 'console.announcements.audience',
                defaultMessage: 'Audience',
              })}
              name="audience"
              value={audience}
              onChange={(event) => setAudience(event.target.value as Audience)}
              options={[
                {
                  value: 'everyone',
                  label: intl.formatMessage({
                    id: 'console.announcements.everyone',
                    defaultMessage: 'Every member',
                  }),
                },
                {
                  value: 'active',
                  label: intl.formatMessage({
                    id: 'console.announcements.activeOnly',
                    defaultMessage: 'Members active lately',
                  }),
                },
              ]}
            />
            {audience === 'active' && (
              <TextField
                label={intl.formatMessage({
                  id: 'console.announcements.activeDays',
                  defaultMessage: 'Active in the last days',
                })}
                hint={intl.formatMessage({
                  id: 'console.announcements.activeDaysHint',
                  defaultMessage:
                    'Signed in, or had a node connect, within this many days (1 to 365).',
                })}
                name="activeWithinDays"
                type="number"
                min={1}
                max={365}
                value={days}
                error={errors.activeWithinDays}
                onChange={(event) => setDays(event.target.value)}
              />
            )}
          </div>
          <div className="flex flex-wrap gap-2">
            <Button
              type="submit"
              variant="secondary"
              isLoading={previewing.isPending}
              data-testid="preview-announcement"
            >
              {intl.formatMessage({
                id: 'console.announcements.preview',
                defaultMessage: 'Preview',
              })}
            </Button>
            <Button
              onClick={() => {
                setErrors({});
                setConfirming(true);
              }}
              data-testid="send-announcement"
            >
              {intl.formatMessage({ id: 'console.announcements.send', defaultMessage: 'Send' })}
            </Button>
          </div>
        </form>
        {previewShown && <AnnouncementPreviewCard preview={previewShown} />}
      </Panel>
      <PastAnnouncements />
      {confirming && (
        <ConfirmDialog
          title={intl.formatMessage({
            id: 'console.announcements.sendTitle',
            defaultMessage: 'Send this announcement?',
          })}
          effect={
            audience === 'active'
              ? intl.formatMessage(
                  {
                    id: 'console.announcements.sendEffectActive',
                    defaultMessage:
                      '“{title}” goes now to the bell of every member active in the last {days, plural, one {# day} other {# days}} who has announcements on.',
                  },
                  { title, days: Number(days) },
                )
              : intl.formatMessage(
                  {
                    id: 'console.announcements.sendEffectEveryone',
                    defaultMessage:
                      '“{title}” goes now to the bell of every member who has announcements on.',
                  },
                  { title },
                )
          }
          confirmLabel={intl.formatMessage({
            id: 'console.announcements.send',
            defaultMessage: 'Send',
          })}
          cannotBeUndone={CANNOT_BE_UNDONE.sendAnnouncement(intl)}
          pending={sending.isPending}
          testId="send-announcement-dialog"
          onClose={() => setConfirming(false)}
          onConfirm={() => sending.mutate(announcement)}
        />
      )}
    </section>
  );
}

/** How many accounts it reaches, and the notice as it will show in a member's list. */
function AnnouncementPreviewCard({ preview }: { preview: AnnouncementPreview }) {
  const intl = useIntl();
  return (
    <div className="mt-4 flex flex-col gap-3" data-testid="announcement-preview">
      <p className="text-sm font-medium text-ink">
        {intl.formatMessage(
          {
            id: 'console.announcements.reach',
            defaultMessage: 'Reaches {count, plural, one {# account} other {# accounts}}',
          },
          { count: preview.recipients },
        )}
      </p>
      <article className="flex flex-col gap-1 rounded-xl border border-line bg-surface-raised p-4">
        <h3 className="font-semibold text-ink">{preview.notice.title}</h3>
        <p className="text-sm whitespace-pre-line text-ink-muted">{preview.notice.body}</p>
        {preview.notice.link && (
          <p className="text-sm break-all text-accent-strong">{preview.notice.link}</p>
        )}
      </article>
    </div>
  );
}

function PastAnnouncements() {
  const intl = useIntl();
  const [page, setPage] = useState(1);
  const announcements = useAnnouncements(page);
  const columns: Column<AnnouncementRow>[] = [
    {
      id: 'title',
      header: intl.formatMessage({ id: 'console.announcements.title', defaultMessage: 'Title' }),
      cell: (row) => <ClampedText text={row.title} />,
    },
    {
      id: 'audience',
      header: intl.formatMessage({
        id: 'console.announcements.audience',
        defaultMessage: 'Audience',
      }),
      cell: (row) =>
        row.active_within_days === null
          ? intl.formatMessage({
              id: 'console.announcements.everyone',
              defaultMessage: 'Every member',
            })
          : intl.formatMessage(
              {
                id: 'console.announcements.activeWithin',
                defaultMessage: 'Active in the last {days, plural, one {# day} other {# days}}',
              },
              { days: row.active_within_days },
            ),
    },
    {
      id: 'recipients',
      header: intl.formatMessage({
        id: 'console.announcements.recipients',
        defaultMessage: 'Accounts reached',
      }),
      className: 'sm:text-end',
      cell: (row) => <span className="tabular-nums">{formatPoints(row.recipients)}</span>,
    },
    {
      id: 'sent-by',
      header: intl.formatMessage({ id: 'console.announcements.sentBy', defaultMessage: 'Sent by' }),
      cell: (row) => row.sent_by.username,
    },
    {
      id: 'sent-at',
      header: intl.formatMessage({ id: 'console.announcements.sentAt', defaultMessage: 'Sent' }),
      cell: (row) => <Time iso={row.sent_at} />,
    },
  ];
  return (
    <Panel
      title={intl.formatMessage({
        id: 'console.announcements.past',
        defaultMessage: 'Sent announcements',
      })}
      testId="admin-announcements"
    >
      <PagedTable
        query={announcements}
        page={page}
        onPageChange={setPage}
        pagesLabel={intl.formatMessage({
          id: 'console.announcements.pages',
          defaultMessage: 'Announcement pages',
        })}
        errorMessage={intl.formatMessage({
          id: 'console.announcements.loadFailed',
          defaultMessage: 'The announcements could not be loaded.',
        })}
        caption={intl.formatMessage({
          id: 'console.announcements.past',
          defaultMessage: 'Sent announcements',
        })}
        testId="admin-announcements-table"
        columns={columns}
        rowKey={(row) => row.id}
        loadingLabel={intl.formatMessage({
          id: 'console.announcements.loading',
          defaultMessage: 'Loading announcements…',
        })}
        empty={
          <EmptyState
            message={intl.formatMessage({
              id: 'console.announcements.empty',
              defaultMessage: 'No announcement sent yet.',
            })}
          />
        }
      />
    </Panel>
  );
}
