/**
 * The product mark and name, 123 px wide (spec section 2). The name comes from
 * the public config, so the logo is drawn rather than shipped as an image.
 */
export function Logo({ productName }: { productName: string }) {
  return (
    <span className="flex w-[123px] items-center gap-1.5" data-testid="logo">
      <svg aria-hidden="true" viewBox="0 0 32 32" className="size-7 shrink-0">
        <rect width="32" height="32" rx="9" className="fill-accent" />
        <path
          d="M5 17h5l3-7 4.5 13 3-8.5 1.5 2.5H27"
          fill="none"
          strokeWidth="2.4"
          strokeLinecap="round"
          strokeLinejoin="round"
          className="stroke-accent-ink"
        />
      </svg>
      <span className="truncate text-lg font-bold tracking-tight text-ink">{productName}</span>
    </span>
  );
}
