import type { ReactNode } from 'react';
import { TextLink } from '@/components/ui/text-link';
import { paths } from '@/config/paths';
import { useIntl } from '@/lib/i18n/use-intl';

/** The frame of a static legal page; reachable whether or not the visitor is logged in. */
export function LegalDocument({ title, children }: { title: string; children: ReactNode }) {
  const intl = useIntl();
  return (
    <article className="w-full max-w-2xl rounded-2xl border border-line bg-surface p-6 sm:p-8">
      <h1 className="text-2xl font-semibold tracking-tight text-ink">{title}</h1>
      <div className="mt-6 flex flex-col gap-4 text-sm leading-relaxed text-ink-muted">
        {children}
      </div>
      <p className="mt-8 text-sm text-ink-muted">
        <TextLink to={paths.home.href()}>
          {intl.formatMessage({ id: 'legal.backToApp', defaultMessage: 'Back to the app' })}
        </TextLink>
      </p>
    </article>
  );
}
