import { translateText } from '@/lib/i18n/translate-text';
import { useIntl } from '@/lib/i18n/use-intl';

/**
 * The message beneath a field; renders nothing while the field is valid. A schema's message
 * is a text of the shared contract, shown in the page's language.
 */
export function FieldError({ id, message }: { id: string; message?: string }) {
  const intl = useIntl();
  if (!message) return null;
  return (
    <p id={id} className="text-sm text-danger">
      {translateText(message, undefined, intl)}
    </p>
  );
}
