import type { FirstRunState } from '@netpulse/shared';
import { Link } from '@/lib/router';
import { Panel } from '@/components/ui/panel';
import { CheckCircleIcon } from '@/components/ui/signed-in-icons';
import { cn } from '@/lib/cn';
import { useIntl } from '@/lib/i18n/use-intl';
import { firstRunSteps } from '@/features/dashboard/first-run-steps';

/** The checklist's panel, for someone with a step left (first-run-checklist.tsx). */
export function FirstRunPanel({ state }: { state: FirstRunState }) {
  const intl = useIntl();
  const steps = firstRunSteps(state);
  const doneCount = steps.filter((step) => step.done).length;

  return (
    <Panel
      title={intl.formatMessage({ id: 'dashboard.firstRunTitle', defaultMessage: 'Get started' })}
      testId="first-run-checklist"
      actions={
        <p className="text-sm text-ink-muted tabular-nums">
          {intl.formatMessage(
            { id: 'dashboard.firstRunProgress', defaultMessage: '{done} of {total} done' },
            { done: doneCount, total: steps.length },
          )}
        </p>
      }
    >
      <ol className="grid gap-2 sm:grid-cols-2 xl:grid-cols-5">
        {steps.map((step) => (
          <li key={step.key} data-testid={`first-run-${step.key}`} data-done={step.done}>
            {step.done ? (
              <p className="flex min-h-11 items-center gap-2 rounded-xl border border-line bg-surface-raised/50 px-3 py-2 text-sm text-ink-muted">
                <CheckCircleIcon className="size-5 shrink-0 text-success" />
                <span>
                  {intl.formatMessage(
                    {
                      id: 'dashboard.firstRunStepDone',
                      defaultMessage: '<hidden>Done: </hidden>{step}',
                    },
                    {
                      step: intl.formatMessage(step.label),
                      hidden: (chunks) => <span className="sr-only">{chunks}</span>,
                    },
                  )}
                </span>
              </p>
            ) : (
              <Link
                to={step.to}
                className={cn(
                  'flex min-h-11 items-center gap-2 rounded-xl border border-accent/40 bg-accent/10 px-3 py-2 text-sm font-medium text-ink transition-colors hover:bg-accent/20',
                )}
              >
                <span
                  aria-hidden="true"
                  className="size-5 shrink-0 rounded-full border-2 border-ink-faint"
                />
                {intl.formatMessage(step.label)}
              </Link>
            )}
          </li>
        ))}
      </ol>
    </Panel>
  );
}
