// Icons of the signed-in screens only, in their own module so the login bundle does not carry them.
import { cn } from '@/lib/cn';
import { StrokeIcon, type IconProps } from './icons';

export const ChevronLeftIcon = ({ className }: IconProps) => (
  <StrokeIcon className={className}>
    <path d="m15 6-6 6 6 6" />
  </StrokeIcon>
);

export const ChevronRightIcon = ({ className }: IconProps) => (
  <StrokeIcon className={className}>
    <path d="m9 6 6 6-6 6" />
  </StrokeIcon>
);

export const CalendarIcon = ({ className }: IconProps) => (
  <StrokeIcon className={className}>
    <rect x="3.5" y="5" width="17" height="15.5" rx="2" />
    <path d="M3.5 10h17M8 3v4M16 3v4" />
  </StrokeIcon>
);

export const CopyIcon = ({ className }: IconProps) => (
  <StrokeIcon className={className}>
    <rect x="8.5" y="8.5" width="12" height="12" rx="2" />
    <path d="M15.5 8.5V5.5a2 2 0 0 0-2-2h-8a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h3" />
  </StrokeIcon>
);

/**
 * The X (formerly Twitter) logo, filled as the brand draws it; a stroked cross would read as
 * "close". The path is the logo as Simple Icons publishes it (CC0).
 */
export const XLogoIcon = ({ className }: IconProps) => (
  <svg
    aria-hidden="true"
    viewBox="0 0 24 24"
    fill="currentColor"
    data-icon="x-logo"
    className={cn('size-5 shrink-0', className)}
  >
    <path d="M18.901 1.153h3.68l-8.04 9.19L24 22.846h-7.406l-5.8-7.584-6.638 7.584H.474l8.6-9.83L0 1.154h7.594l5.243 6.932ZM17.61 20.644h2.039L6.486 3.24H4.298Z" />
  </svg>
);

export const InboxIcon = ({ className }: IconProps) => (
  <StrokeIcon className={className}>
    <path d="M3 13.5 5.6 5.3A2 2 0 0 1 7.5 4h9a2 2 0 0 1 1.9 1.3L21 13.5V18a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2Z" />
    <path d="M3 13.5h5l1.5 2.5h5l1.5-2.5h5" />
  </StrokeIcon>
);

export const ChartIcon = ({ className }: IconProps) => (
  <StrokeIcon className={className}>
    <path d="M4 20h16M7 16v-5M12 16V7M17 16v-8" />
  </StrokeIcon>
);

export const CheckCircleIcon = ({ className }: IconProps) => (
  <StrokeIcon className={className}>
    <circle cx="12" cy="12" r="9" />
    <path d="m8.5 12.5 2.5 2.5 4.5-5" />
  </StrokeIcon>
);

export const GiftIcon = ({ className }: IconProps) => (
  <StrokeIcon className={className}>
    <rect x="3.5" y="8" width="17" height="4" rx="1" />
    <path d="M5 12v8h14v-8M12 8v12M12 8S10.5 3.5 8 4.2C5.9 4.8 7 8 12 8ZM12 8s1.5-4.5 4-3.8C18.1 4.8 17 8 12 8Z" />
  </StrokeIcon>
);

export const MenuIcon = ({ className }: IconProps) => (
  <StrokeIcon className={className}>
    <path d="M4 6h16M4 12h16M4 18h16" />
  </StrokeIcon>
);

export const CloseIcon = ({ className }: IconProps) => (
  <StrokeIcon className={className}>
    <path d="M6 6l12 12M18 6 6 18" />
  </StrokeIcon>
);

export const LogoutIcon = ({ className }: IconProps) => (
  <StrokeIcon className={className}>
    <path d="M15 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3M10 17l5-5-5-5M15 12H3" />
  </StrokeIcon>
);

export const ExtensionIcon = ({ className }: IconProps) => (
  <StrokeIcon className={className}>
    <path d="M9 4.5a2.5 2.5 0 0 1 5 0V6h4a1 1 0 0 1 1 1v4h-1.5a2.5 2.5 0 0 0 0 5H19v4a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1v-4h1.5a2.5 2.5 0 0 0 0-5H4V7a1 1 0 0 1 1-1h4Z" />
  </StrokeIcon>
);

/** A gear: the account's settings. */
export const SettingsIcon = ({ className }: IconProps) => (
  <StrokeIcon className={className}>
    <circle cx="12" cy="12" r="3" />
    <path d="M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3h.1a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8v.1a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z" />
  </StrokeIcon>
);

/** A bell: the notifications. */
export const BellIcon = ({ className }: IconProps) => (
  <StrokeIcon className={className}>
    <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
    <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
  </StrokeIcon>
);
