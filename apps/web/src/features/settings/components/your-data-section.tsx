import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Panel } from '@/components/ui/panel';
import { intl as activeIntl } from '@/lib/i18n/active-locale';
import { useIntl } from '@/lib/i18n/use-intl';
import { toast } from '@/lib/toast';
import { useExportAccountData } from '@/features/settings/api/export-account-data';
import { useAccount } from '@/features/settings/api/get-account';
import { useTwoFactor } from '@/features/settings/api/get-two-factor';
import { DeleteAccountDialog } from './delete-account-dialog';
import { SettingsRow, SettingsRows } from './settings-row';

/** Your data: take everything out as one file, or delete the account. */
export function YourDataSection() {
  const intl = useIntl();
  const exportData = useExportAccountData();
  const account = useAccount();
  const twoFactor = useTwoFactor();
  const [deleting, setDeleting] = useState(false);

  return (
    <Panel
      title={intl.formatMessage({ id: 'settings.yourData', defaultMessage: 'Your data' })}
      testId="settings-data"
    >
      <SettingsRows>
        <SettingsRow
          title={intl.formatMessage({
            id: 'settings.exportTitle',
            defaultMessage: 'Take your data out',
          })}
          actions={
            <Button
              variant="secondary"
              isLoading={exportData.isPending}
              onClick={() =>
                exportData.mutate(undefined, {
                  onSuccess: () =>
                    toast.success(
                      activeIntl().formatMessage({
                        id: 'settings.exportDone',
                        defaultMessage: 'Your data was saved as a JSON file in your downloads.',
                      }),
                    ),
                })
              }
              data-testid="export-account-data"
            >
              {intl.formatMessage({ id: 'settings.export', defaultMessage: 'Download my data' })}
            </Button>
          }
        >
          {intl.formatMessage({
            id: 'settings.exportExplained',
            defaultMessage:
              'One JSON file with everything we hold about you: your profile, every Bytes entry, your tests and their measurements, nodes, referrals, quests, sessions and security events.',
          })}
        </SettingsRow>
        <SettingsRow
          title={intl.formatMessage({
            id: 'settings.deleteTitle',
            defaultMessage: 'Delete your account',
          })}
          dialog={
            deleting &&
            account.data && (
              <DeleteAccountDialog
                username={account.data.username}
                needsCode={twoFactor.data?.totp === true}
                onClose={() => setDeleting(false)}
              />
            )
          }
          actions={
            <Button variant="danger" disabled={!account.data} onClick={() => setDeleting(true)}>
              {intl.formatMessage({
                id: 'settings.deleteAccount',
                defaultMessage: 'Delete my account',
              })}
            </Button>
          }
        >
          {intl.formatMessage({
            id: 'settings.deleteExplained',
            defaultMessage:
              'Your personal data is erased at once and the account cannot be restored.',
          })}
        </SettingsRow>
      </SettingsRows>
    </Panel>
  );
}
