/**
 * A value that was never measured (a test from before it was kept): a dash on
 * screen, words for a screen reader.
 */
export function MissingValue({ label = 'Not measured' }: { label?: string }) {
  return (
    <span data-testid="missing-value">
      <span aria-hidden="true">-</span>
      <span className="sr-only">{label}</span>
    </span>
  );
}
