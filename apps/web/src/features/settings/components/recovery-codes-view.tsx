import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { CopyIcon } from '@/components/ui/signed-in-icons';
import { copyWithToast } from '@/components/share/copy-link-button';
import { getPublicConfig } from '@/config/public-config';
import { saveFile } from '@/lib/download-file';
import { useIntl } from '@/lib/i18n/use-intl';
import { recoveryCodesFileName, recoveryCodesText } from '@/features/settings/recovery-codes-file';

/**
 * The ten recovery codes, shown this once (the server keeps only their hashes): download them
 * as a text file or copy them, and say they are saved before the dialog is done.
 */
export function RecoveryCodesView({
  codes,
  username,
  onDone,
}: {
  codes: readonly string[];
  username: string;
  onDone: () => void;
}) {
  const intl = useIntl();
  const [saved, setSaved] = useState(false);
  const { productName } = getPublicConfig();
  const download = () => {
    const header = intl.formatMessage(
      {
        id: 'settings.recoveryCodesFileHeader',
        defaultMessage:
          '{productName} recovery codes of {username}. Each code signs you in once instead of a code from your authenticator app. Keep them somewhere safe.',
      },
      { productName, username },
    );
    const file = new Blob([recoveryCodesText(header, codes)], { type: 'text/plain;charset=utf-8' });
    saveFile(file, recoveryCodesFileName(productName));
  };

  return (
    <div className="flex flex-col gap-5" data-testid="recovery-codes">
      <p className="text-sm text-ink-muted">
        {intl.formatMessage({
          id: 'settings.recoveryCodesExplained',
          defaultMessage:
            'If you lose your phone, each of these codes signs you in once. This is the only time they are shown: download or copy them and keep them somewhere safe.',
        })}
      </p>
      <ol
        dir="ltr"
        className="grid grid-cols-1 gap-x-6 gap-y-1.5 rounded-lg border border-line bg-surface-raised p-4 font-mono text-sm text-ink min-[22rem]:grid-cols-2"
        data-testid="recovery-code-list"
      >
        {codes.map((code) => (
          <li key={code} className="tabular-nums">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={download}>
          {intl.formatMessage({ id: 'settings.downloadCodes', defaultMessage: 'Download' })}
        </Button>
        <Button variant="secondary" onClick={() => void copyWithToast(codes.join('\n'))}>
          <CopyIcon className="size-4" />
          {intl.formatMessage({ id: 'settings.copyCodes', defaultMessage: 'Copy' })}
        </Button>
      </div>
      <Checkbox
        label={intl.formatMessage({
          id: 'settings.codesSaved',
          defaultMessage: 'I saved my recovery codes',
        })}
        checked={saved}
        onChange={(event) => setSaved(event.target.checked)}
      />
      <div className="flex justify-end">
        <Button disabled={!saved} onClick={onDone}>
          {intl.formatMessage({ id: 'settings.done', defaultMessage: 'Done' })}
        </Button>
      </div>
    </div>
  );
}
