import { recoveryCodeField } from '@netpulse/shared';
import type { FieldValues, Path, UseFormRegister } from 'react-hook-form';
import { totpCodeRules, validateWith } from '@/lib/field-validation';
import { OneTimeCodeField } from './one-time-code-field';
import { TextField } from './text-field';

/** A form's two fields of a second factor: the app's code, or a recovery code instead. */
interface SecondFactorValues extends FieldValues {
  code: string;
  recoveryCode: string;
}

interface SecondFactorFieldProps<Values extends SecondFactorValues> {
  register: UseFormRegister<Values>;
  errors: Partial<Record<'code' | 'recoveryCode', { message?: string }>>;
  /** A recovery code shows instead of the app's code. */
  recovery: boolean;
  onToggle: () => void;
  /** The form's own words: each field's label and the toggle's two texts. */
  labels: { code: string; recoveryCode: string; useRecoveryCode: string; useAppCode: string };
  autoFocus?: boolean;
}

/**
 * A second factor (issue 29): a code of the authenticator app, or one of the recovery codes
 * instead, with the link that switches between them. Only the field shown is registered, so
 * only it is checked and sent. Its parts come as they are, for the form to lay them out.
 */
export function SecondFactorField<Values extends SecondFactorValues>({
  register,
  errors,
  recovery,
  onToggle,
  labels,
  autoFocus,
}: SecondFactorFieldProps<Values>) {
  return (
    <>
      {recovery ? (
        <TextField
          label={labels.recoveryCode}
          autoFocus={autoFocus}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          error={errors.recoveryCode?.message}
          {...register('recoveryCode' as Path<Values>, {
            shouldUnregister: true,
            validate: validateWith(recoveryCodeField),
          })}
        />
      ) : (
        <OneTimeCodeField
          label={labels.code}
          autoFocus={autoFocus}
          error={errors.code?.message}
          {...register('code' as Path<Values>, { shouldUnregister: true, ...totpCodeRules })}
        />
      )}
      <button
        type="button"
        onClick={onToggle}
        className="self-start text-sm font-medium text-accent-strong underline decoration-accent-strong/50 underline-offset-4 hover:decoration-accent-strong"
      >
        {recovery ? labels.useAppCode : labels.useRecoveryCode}
      </button>
    </>
  );
}
