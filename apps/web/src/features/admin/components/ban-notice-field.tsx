import { TextField } from '@/components/ui/text-field';
import { useIntl } from '@/lib/i18n/use-intl';

interface BanNoticeFieldProps {
  /** Whom the message reaches: the one person banned, or the people of a bulk ban. */
  audience: 'person' | 'people';
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}

/** The ban dialogs' optional message for the banned, shown on their /login (docs/decisions/033). */
export function BanNoticeField({ audience, value, error, onChange }: BanNoticeFieldProps) {
  const intl = useIntl();
  return (
    <TextField
      label={
        audience === 'person'
          ? intl.formatMessage({
              id: 'console.ban.noticeToPerson',
              defaultMessage: 'Message shown to the person (optional)',
            })
          : intl.formatMessage({
              id: 'console.ban.noticeToPeople',
              defaultMessage: 'Message shown to the people (optional)',
            })
      }
      name="notice"
      autoComplete="off"
      value={value}
      error={error}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
