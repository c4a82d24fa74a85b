import type { ReactNode } from 'react';
import { StrokeIcon } from '@/components/ui/icons';

export type NavIconVariant = 'outline' | 'filled';

interface NavIconShape {
  /** Closed shapes: stroked in the outline icon, solid in the filled one. */
  body: ReactNode;
  /** Inner lines: drawn over the solid body as cut-outs in the filled icon. */
  details?: ReactNode;
}

/** The sidebar icons; the active link shows the filled variant (spec section 2). */
function NavIcon({ shape, variant }: { shape: NavIconShape; variant: NavIconVariant }) {
  const filled = variant === 'filled';
  return (
    <StrokeIcon data-variant={variant}>
      <g fill={filled ? 'currentColor' : 'none'}>{shape.body}</g>
      {shape.details && (
        <g stroke={filled ? 'var(--color-surface)' : 'currentColor'}>{shape.details}</g>
      )}
    </StrokeIcon>
  );
}

const dashboard: NavIconShape = {
  body: (
    <>
      <rect x="3" y="3" width="7.5" height="9" rx="1.5" />
      <rect x="13.5" y="3" width="7.5" height="5" rx="1.5" />
      <rect x="13.5" y="11" width="7.5" height="10" rx="1.5" />
      <rect x="3" y="15" width="7.5" height="6" rx="1.5" />
    </>
  ),
};

/** Three linked devices: the nodes of the account. */
const nodes: NavIconShape = {
  body: (
    <>
      <rect x="9" y="2.5" width="6" height="5" rx="1" />
      <rect x="2.5" y="16.5" width="6" height="5" rx="1" />
      <rect x="15.5" y="16.5" width="6" height="5" rx="1" />
    </>
  ),
  details: <path d="M12 7.5v4.5M5.5 16.5V12h13v4.5" />,
};

const referral: NavIconShape = {
  body: (
    <>
      <circle cx="10" cy="8" r="4" />
      <path d="M3 20.5a7 7 0 0 1 14 0Z" />
      <path d="M19.5 8v6M16.5 11h6" />
    </>
  ),
};

const quests: NavIconShape = {
  body: (
    <>
      <path d="M5 21V4" />
      <path d="M5 4h13l-2.5 4.5L18 13H5Z" />
    </>
  ),
};

const transactionHistory: NavIconShape = {
  body: <path d="M5 3h14v18l-2.33-1.5L14.33 21 12 19.5 9.67 21l-2.34-1.5L5 21Z" />,
  details: <path d="M9 8h6M9 12h6M9 16h3" />,
};

const earnings: NavIconShape = {
  body: <circle cx="12" cy="12" r="9" />,
  details: (
    <path d="M12 6.5v11M14.8 9.3c-.4-1-1.4-1.5-2.8-1.5-1.6 0-2.8.8-2.8 2s1.2 1.7 2.8 2.2 2.8 1 2.8 2.2-1.2 2-2.8 2c-1.4 0-2.4-.6-2.8-1.6" />
  ),
};

/** A shield: the operator's console, shown to admins only. */
const consoleShield: NavIconShape = {
  body: <path d="M12 2.5 4 5.5v6c0 5 3.4 8.6 8 10 4.6-1.4 8-5 8-10v-6Z" />,
  details: <path d="m8.5 12 2.5 2.5 4.5-5" />,
};

export const navIcons = {
  dashboard,
  nodes,
  referral,
  quests,
  transactionHistory,
  earnings,
  console: consoleShield,
};
export type NavIconName = keyof typeof navIcons;

export function SidebarIcon({ name, variant }: { name: NavIconName; variant: NavIconVariant }) {
  return <NavIcon shape={navIcons[name]} variant={variant} />;
}
