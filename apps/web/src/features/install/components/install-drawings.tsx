/**
 * Drawings of the install steps (docs/decisions/033): inline SVG in the app's
 * colours, no screenshots to go stale or to fetch. Each is an image with a label
 * that says what it shows.
 */
import type { ReactNode } from 'react';
import type { Browser } from '@/features/install/browsers';
import { useIntl } from '@/lib/i18n/use-intl';

/** A file name's ending, the same in every language. */
const ZIP_EXTENSION = '.zip';

function Drawing({ label, children }: { label: string; children: ReactNode }) {
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox="0 0 240 140"
      className="h-auto w-full max-w-[240px] shrink-0 rounded-lg border border-line bg-canvas"
    >
      {children}
    </svg>
  );
}

/** A browser window: its tab strip and address bar with `address`, and room below. */
function Window({ address, children }: { address: string; children?: ReactNode }) {
  return (
    <>
      <rect x="10" y="10" width="220" height="120" rx="8" className="fill-surface stroke-line" />
      <rect x="10" y="10" width="220" height="30" rx="8" className="fill-surface-raised" />
      <circle cx="22" cy="25" r="3" className="fill-ink-faint" />
      <circle cx="32" cy="25" r="3" className="fill-ink-faint" />
      <rect x="44" y="17" width="176" height="16" rx="8" className="fill-canvas" />
      <text x="54" y="29" className="fill-ink text-[10px]" fontFamily="inherit">
        {address}
      </text>
      {children}
    </>
  );
}

/** A highlight ring around the thing to press. */
function Ring(props: { x: number; y: number; width: number; height: number }) {
  return (
    <rect
      {...props}
      rx="6"
      fill="none"
      strokeWidth="2.5"
      strokeDasharray="4 3"
      className="stroke-accent-strong"
    />
  );
}

export function DownloadDrawing() {
  const intl = useIntl();
  return (
    <Drawing
      label={intl.formatMessage({
        id: 'install.drawing.download',
        defaultMessage: 'The downloaded zip file, unzipped into a folder',
      })}
    >
      <rect
        x="40"
        y="35"
        width="50"
        height="66"
        rx="6"
        className="fill-surface-raised stroke-line"
      />
      <text x="52" y="74" className="fill-ink text-[12px] font-semibold" fontFamily="inherit">
        {ZIP_EXTENSION}
      </text>
      <path d="M104 68h30m-8-8 8 8-8 8" strokeWidth="3" fill="none" className="stroke-accent" />
      <path
        d="M150 45h22l8 8h30v48a6 6 0 0 1-6 6h-54a6 6 0 0 1-6-6Z"
        className="fill-accent/20 stroke-accent-strong"
        strokeWidth="2"
      />
      <text x="156" y="126" className="fill-ink-muted text-[10px]" fontFamily="inherit">
        {intl.formatMessage({ id: 'install.drawing.folder', defaultMessage: 'a folder' })}
      </text>
    </Drawing>
  );
}

export function ExtensionsPageDrawing({ browser }: { browser: Browser }) {
  const intl = useIntl();
  return (
    <Drawing
      label={intl.formatMessage(
        {
          id: 'install.drawing.extensionsPage',
          defaultMessage: 'A new tab with {address} typed in the address bar',
        },
        { address: browser.extensionsPage },
      )}
    >
      <Window address={browser.extensionsPage}>
        <Ring x={42} y={14} width={180} height={22} />
        <rect x="26" y="56" width="120" height="10" rx="5" className="fill-surface-raised" />
        <rect x="26" y="76" width="188" height="40" rx="6" className="fill-surface-raised" />
      </Window>
    </Drawing>
  );
}

export function DeveloperModeDrawing({ browser }: { browser: Browser }) {
  const intl = useIntl();
  const left = browser.developerModeAt === 'left';
  const toggle = left ? { x: 22, y: 108 } : { x: 182, y: 50 };
  return (
    <Drawing
      label={
        left
          ? intl.formatMessage({
              id: 'install.drawing.developerModeLeft',
              defaultMessage:
                'The extensions page with the Developer mode switch turned on, at the bottom of the left-hand panel',
            })
          : intl.formatMessage({
              id: 'install.drawing.developerModeTopRight',
              defaultMessage:
                'The extensions page with the Developer mode switch turned on, at its top right',
            })
      }
    >
      <Window address={browser.extensionsPage}>
        {left && <rect x="10" y="40" width="70" height="90" className="fill-surface-raised" />}
        <text
          x={left ? 22 : 100}
          y={left ? 102 : 61}
          className="fill-ink-muted text-[9px]"
          fontFamily="inherit"
        >
          {intl.formatMessage({ id: 'install.developerMode', defaultMessage: 'Developer mode' })}
        </text>
        <rect x={toggle.x} y={toggle.y} width="26" height="14" rx="7" className="fill-accent" />
        <circle cx={toggle.x + 19} cy={toggle.y + 7} r="5" className="fill-accent-ink" />
        <Ring x={toggle.x - 5} y={toggle.y - 5} width={36} height={24} />
      </Window>
    </Drawing>
  );
}

export function LoadUnpackedDrawing({ browser }: { browser: Browser }) {
  const intl = useIntl();
  const left = browser.developerModeAt === 'left';
  const x = left ? 92 : 22;
  return (
    <Drawing
      label={intl.formatMessage({
        id: 'install.drawing.loadUnpacked',
        defaultMessage: 'The Load unpacked button, which asks for the unzipped folder',
      })}
    >
      <Window address={browser.extensionsPage}>
        <rect
          x={x}
          y="52"
          width="74"
          height="20"
          rx="5"
          className="fill-surface-raised stroke-line"
        />
        <text x={x + 8} y="66" className="fill-ink text-[9px] font-semibold" fontFamily="inherit">
          {intl.formatMessage({ id: 'install.loadUnpacked', defaultMessage: 'Load unpacked' })}
        </text>
        <Ring x={x - 5} y={47} width={84} height={30} />
        <path
          d="M150 88h16l6 6h26v26a4 4 0 0 1-4 4h-40a4 4 0 0 1-4-4Z"
          className="fill-accent/20 stroke-accent-strong"
          strokeWidth="2"
        />
      </Window>
    </Drawing>
  );
}

export function SignedInPopupDrawing({ productName }: { productName: string }) {
  const intl = useIntl();
  return (
    <Drawing
      label={intl.formatMessage(
        {
          id: 'install.drawing.signedInPopup',
          defaultMessage:
            'The puzzle-piece menu of the toolbar with {productName} pinned, and its popup signed in',
        },
        { productName },
      )}
    >
      <Window address="">
        <path
          d="M196 18a3 3 0 0 1 6 0v2h5v5h-2a3 3 0 0 0 0 6h2v5h-14v-5h2a3 3 0 0 0 0-6h-2v-5h3Z"
          className="fill-ink-muted"
        />
        <rect
          x="120"
          y="46"
          width="100"
          height="74"
          rx="6"
          className="fill-surface-raised stroke-line"
        />
        <text x="130" y="64" className="fill-ink text-[10px] font-semibold" fontFamily="inherit">
          {productName}
        </text>
        <circle cx="134" cy="82" r="6" className="fill-success" />
        <text x="146" y="86" className="fill-ink-muted text-[9px]" fontFamily="inherit">
          {intl.formatMessage({ id: 'install.drawing.signedIn', defaultMessage: 'Signed in' })}
        </text>
        <Ring x={188} y={13} width={24} height={26} />
      </Window>
    </Drawing>
  );
}
