import { INVITE_NOTE_MAX, type AdminInvite } from '@netpulse/shared/admin';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import type { Column } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeading } from '@/components/ui/page-heading';
import { PagedTable } from '@/components/ui/paged-table';
import { Panel } from '@/components/ui/panel';
import { TextField } from '@/components/ui/text-field';
import { isApiError } from '@/lib/api-client';
import { apiFailureMessage } from '@/lib/api-error-message';
import { formatPoints } from '@/lib/format-number';
import { useIntl } from '@/lib/i18n/use-intl';
import { toast } from '@/lib/toast';
import { useCreateInvite } from '@/features/admin/api/create-invite';
import { useInvites } from '@/features/admin/api/get-invites';
import { useRevokeInvite } from '@/features/admin/api/revoke-invite';
import { CANNOT_BE_UNDONE } from '@/features/admin/console-texts';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Time } from '@/components/ui/time';
import { ClampedText } from '@/components/ui/clamped-text';

/** Invites: create codes with a number of uses and a note, see what is left, revoke. */
export function InvitesScreen() {
  const intl = useIntl();
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<AdminInvite | null>(null);
  const invites = useInvites(page);

  const columns: Column<AdminInvite>[] = [
    {
      id: 'code',
      header: intl.formatMessage({ id: 'console.invites.code', defaultMessage: 'Code' }),
      cell: (row) => (
        <span className="font-mono" data-testid="invite-code">
          {row.code}
        </span>
      ),
    },
    {
      id: 'uses-left',
      header: intl.formatMessage({ id: 'console.invites.usesLeft', defaultMessage: 'Uses left' }),
      className: 'sm:text-end',
      cell: (row) => <span className="tabular-nums">{formatPoints(row.uses_left)}</span>,
    },
    {
      id: 'used',
      header: intl.formatMessage({ id: 'console.invites.used', defaultMessage: 'Used' }),
      className: 'sm:text-end',
      cell: (row) => <span className="tabular-nums">{formatPoints(row.used)}</span>,
    },
    {
      id: 'note',
      header: intl.formatMessage({ id: 'console.invites.note', defaultMessage: 'Note' }),
      cell: (row) => <ClampedText text={row.note ?? ''} className="text-ink-muted" />,
    },
    {
      id: 'created',
      header: intl.formatMessage({ id: 'console.invites.created', defaultMessage: 'Created' }),
      cell: (row) => <Time iso={row.created_at} />,
    },
    {
      id: 'state',
      header: '',
      className: 'sm:text-end',
      cell: (row) =>
        row.revoked_at ? (
          <Badge className="border-line bg-surface-raised text-ink-muted">
            {intl.formatMessage({ id: 'console.invites.revoked', defaultMessage: 'Revoked' })}
          </Badge>
        ) : (
          <button
            type="button"
            aria-label={intl.formatMessage(
              { id: 'console.invites.revokeCode', defaultMessage: 'Revoke {code}' },
              { code: row.code },
            )}
            onClick={() => setRevoking(row)}
            // As tall as the row's text: a full-size button would make each row taller.
            className="-my-1 rounded-md px-2 py-1 text-sm font-semibold text-accent-strong hover:bg-surface-raised"
          >
            {intl.formatMessage({ id: 'console.invites.revoke', defaultMessage: 'Revoke' })}
          </button>
        ),
    },
  ];

  return (
    <section className="flex flex-col gap-6">
      <PageHeading
        title={intl.formatMessage({ id: 'console.nav.invites', defaultMessage: 'Invites' })}
      >
        <Button onClick={() => setCreating(true)} data-testid="create-invite">
          {intl.formatMessage({ id: 'console.invites.create', defaultMessage: 'Create invite' })}
        </Button>
      </PageHeading>
      <Panel
        title={intl.formatMessage({ id: 'console.invites.codes', defaultMessage: 'Invite codes' })}
        testId="admin-invites"
      >
        <PagedTable
          query={invites}
          page={page}
          onPageChange={setPage}
          pagesLabel={intl.formatMessage({
            id: 'console.invites.pages',
            defaultMessage: 'Invite pages',
          })}
          errorMessage={intl.formatMessage({
            id: 'console.invites.loadFailed',
            defaultMessage: 'The invites could not be loaded.',
          })}
          caption={intl.formatMessage({
            id: 'console.invites.codes',
            defaultMessage: 'Invite codes',
          })}
          testId="admin-invites-table"
          columns={columns}
          rowKey={(row) => row.id}
          loadingLabel={intl.formatMessage({
            id: 'console.invites.loading',
            defaultMessage: 'Loading invites…',
          })}
          empty={
            <EmptyState
              message={intl.formatMessage({
                id: 'console.invites.empty',
                defaultMessage: 'No invite codes yet.',
              })}
            />
          }
        />
      </Panel>
      {creating && <CreateInviteDialog onClose={() => setCreating(false)} />}
      {revoking && <RevokeInviteDialog invite={revoking} onClose={() => setRevoking(null)} />}
    </section>
  );
}

function CreateInviteDialog({ onClose }: { onClose: () => void }) {
  const intl = useIntl();
  const [uses, setUses] = useState('1');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ uses?: string; note?: string }>({});
  const create = useCreateInvite({
    onSuccess: (invite) => {
      toast.success(
        intl.formatMessage(
          {
            id: 'console.invites.createdToast',
            defaultMessage: 'Invite {code} created with {uses, plural, one {# use} other {# uses}}',
          },
          { code: invite.code, uses: invite.uses_left },
        ),
      );
      onClose();
    },
    onError: (error) => {
      const fields = isApiError(error) ? error.fieldErrors : {};
      if (fields.uses || fields.note) setErrors({ uses: fields.uses?.[0], note: fields.note?.[0] });
      else toast.error(apiFailureMessage(error));
    },
  });
  const count = Number(uses);
  return (
    <ConfirmDialog
      title={intl.formatMessage({
        id: 'console.invites.createTitle',
        defaultMessage: 'Create an invite?',
      })}
      // While the number is being typed (empty, 0), say "as many as its uses" rather than a placeholder.
      effect={
        Number.isInteger(count) && count > 0
          ? intl.formatMessage(
              {
                id: 'console.invites.createEffect',
                defaultMessage:
                  'A new code that registers up to {count, plural, one {# account} other {# accounts}}; anyone who has it can sign up until its uses run out or it is revoked.',
              },
              { count },
            )
          : intl.formatMessage({
              id: 'console.invites.createEffectAnyCount',
              defaultMessage:
                'A new code that registers as many accounts as its uses; anyone who has it can sign up until its uses run out or it is revoked.',
            })
      }
      confirmLabel={intl.formatMessage({
        id: 'console.invites.create',
        defaultMessage: 'Create invite',
      })}
      pending={create.isPending}
      testId="create-invite-dialog"
      onClose={onClose}
      onConfirm={() => {
        setErrors({});
        create.mutate({ uses: count, note: note.trim() || undefined });
      }}
    >
      <TextField
        label={intl.formatMessage({ id: 'console.invites.uses', defaultMessage: 'Uses' })}
        name="uses"
        type="number"
        min={1}
        value={uses}
        error={errors.uses}
        onChange={(event) => setUses(event.target.value)}
      />
      <TextField
        label={intl.formatMessage({
          id: 'console.invites.noteOptional',
          defaultMessage: 'Note (optional)',
        })}
        name="note"
        autoComplete="off"
        maxLength={INVITE_NOTE_MAX}
        value={note}
        error={errors.note}
        onChange={(event) => setNote(event.target.value)}
      />
    </ConfirmDialog>
  );
}

function RevokeInviteDialog({ invite, onClose }: { invite: AdminInvite; onClose: () => void }) {
  const intl = useIntl();
  const revoke = useRevokeInvite({
    onSuccess: (message) => {
      toast.success(message);
      onClose();
    },
    onError: (error) => toast.error(apiFailureMessage(error)),
  });
  return (
    <ConfirmDialog
      title={intl.formatMessage(
        { id: 'console.invites.revokeTitle', defaultMessage: 'Revoke {code}?' },
        { code: invite.code },
      )}
      effect={intl.formatMessage(
        {
          id: 'console.invites.revokeEffect',
          defaultMessage:
            'Nobody can sign up with {code} any more ({uses, plural, one {# use was} other {# uses were}} left). Accounts made with it stay as they are.',
        },
        { code: invite.code, uses: invite.uses_left },
      )}
      confirmLabel={intl.formatMessage({ id: 'console.invites.revoke', defaultMessage: 'Revoke' })}
      cannotBeUndone={CANNOT_BE_UNDONE.revokeInvite(intl)}
      pending={revoke.isPending}
      testId="revoke-invite-dialog"
      onClose={onClose}
      onConfirm={() => revoke.mutate(invite.id)}
    />
  );
}
