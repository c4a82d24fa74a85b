import { TextField } from '@/components/ui/text-field';

interface BanNoticeFieldProps {
  /** Whom the message reaches: "the person" or "the people" of a bulk ban. */
  audience: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}

/** The ban dialogs' optional message for the banned, shown on their /login (docs/decisions/033). */
export function BanNoticeField({ audience, value, error, onChange }: BanNoticeFieldProps) {
  return (
    <TextField
      label={`Message shown to ${audience} (optional)`}
      name="notice"
      autoComplete="off"
      value={value}
      error={error}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
