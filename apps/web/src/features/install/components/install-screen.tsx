import { EXTENSION_DOWNLOAD_PATH } from '@netpulse/shared';
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { CopyIcon, CheckCircleIcon } from '@/components/ui/signed-in-icons';
import { copyWithToast } from '@/components/share/copy-link-button';
import { offerTokenToExtension } from '@/components/extension/extension-bridge';
import { useExtensionConnected } from '@/components/extension/use-extension-connected';
import { getPublicConfig } from '@/config/public-config';
import { paths } from '@/config/paths';
import { useAuthToken } from '@/hooks/use-auth-token';
import { cn } from '@/lib/cn';
import {
  BROWSERS,
  detectBrowser,
  developerModePlace,
  type Browser,
  type BrowserId,
} from '@/features/install/browsers';
import {
  DeveloperModeDrawing,
  DownloadDrawing,
  ExtensionsPageDrawing,
  LoadUnpackedDrawing,
  SignedInPopupDrawing,
} from './install-drawings';

/** How often the page offers the sign-in to an extension installed meanwhile. */
const OFFER_INTERVAL_MS = 3_000;

const actionClass =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-accent px-4 py-2.5 text-sm font-semibold text-accent-ink hover:bg-accent-strong';

function Step({
  number,
  title,
  drawing,
  children,
}: {
  number: number;
  title: string;
  drawing: ReactNode;
  children: ReactNode;
}) {
  return (
    <li className="flex flex-col gap-4 rounded-2xl border border-line bg-surface p-4 sm:flex-row sm:items-start sm:p-5">
      {drawing}
      <div className="flex min-w-0 flex-col gap-2">
        <h3 className="flex items-center gap-2 text-base font-semibold text-ink">
          <span
            aria-hidden="true"
            className="flex size-7 shrink-0 items-center justify-center rounded-full bg-accent/15 text-sm text-accent-strong tabular-nums"
          >
            {number}
          </span>
          <span>
            <span className="sr-only">Step {number}: </span>
            {title}
          </span>
        </h3>
        <div className="flex flex-col gap-2 text-sm text-ink-muted">{children}</div>
      </div>
    </li>
  );
}

function initialBrowser(): BrowserId {
  if (typeof navigator === 'undefined') return 'chrome';
  const isBrave = 'brave' in navigator;
  return detectBrowser(navigator.userAgent, isBrave);
}

/** The unpacked install, step by step, for one browser. */
function UnpackedSteps({ browser, productName }: { browser: Browser; productName: string }) {
  return (
    <ol className="flex flex-col gap-4" aria-label={`Install steps for ${browser.name}`}>
      <Step number={1} title="Download and unzip the extension" drawing={<DownloadDrawing />}>
        <p>Download the extension, then unzip it: the folder inside is what the browser loads.</p>
        <p>
          <a href={EXTENSION_DOWNLOAD_PATH} download className={actionClass}>
            Download the extension
          </a>
        </p>
        <p>Keep the folder where it is: the browser loads the extension from it at each start.</p>
      </Step>
      <Step
        number={2}
        title={`Open ${browser.name}'s extensions page`}
        drawing={<ExtensionsPageDrawing browser={browser} />}
      >
        <p>
          Open a new tab and type{' '}
          <code className="rounded bg-surface-raised px-1.5 py-0.5 text-ink">
            {browser.extensionsPage}
          </code>{' '}
          in the address bar (browsers do not let a page open it for you).
        </p>
        <p>
          <button
            type="button"
            onClick={() => void copyWithToast(browser.extensionsPage)}
            className="inline-flex min-h-10 items-center gap-2 rounded-lg border border-line bg-surface-raised px-3 text-sm font-semibold text-ink hover:border-ink-muted"
          >
            <CopyIcon className="size-4" />
            Copy the address
          </button>
        </p>
      </Step>
      <Step
        number={3}
        title="Turn on Developer mode"
        drawing={<DeveloperModeDrawing browser={browser} />}
      >
        <p>The Developer mode switch is {developerModePlace(browser)}.</p>
      </Step>
      <Step number={4} title="Load unpacked" drawing={<LoadUnpackedDrawing browser={browser} />}>
        <p>
          Press <strong className="text-ink">Load unpacked</strong> and choose the folder you
          unzipped. {productName} Validator appears among the extensions.
        </p>
      </Step>
      <Step
        number={5}
        title="Pin it and sign in"
        drawing={<SignedInPopupDrawing productName={productName} />}
      >
        <p>
          Pin it from the puzzle-piece menu of the toolbar. Log in here, in the same browser: the
          extension signs in with this page and never asks for your password.
        </p>
      </Step>
    </ol>
  );
}

/** With a store page (EXTENSION_STORE_URL): the store's own button replaces the unpacked steps. */
function StoreSteps({ storeUrl, productName }: { storeUrl: string; productName: string }) {
  return (
    <ol className="flex flex-col gap-4" aria-label="Install steps">
      <Step number={1} title="Add it from the store" drawing={<DownloadDrawing />}>
        <p>Open the extension's store page and add it to your browser.</p>
        <p>
          <a href={storeUrl} target="_blank" rel="noopener noreferrer" className={actionClass}>
            Open the store page
          </a>
        </p>
      </Step>
      <Step
        number={2}
        title="Pin it and sign in"
        drawing={<SignedInPopupDrawing productName={productName} />}
      >
        <p>
          Pin it from the puzzle-piece menu of the toolbar. Log in here, in the same browser: the
          extension signs in with this page.
        </p>
      </Step>
    </ol>
  );
}

/** Offers the sign-in to the extension every few seconds while it is not connected. */
function useOfferSignIn(signedIn: boolean, connected: boolean) {
  useEffect(() => {
    if (!signedIn || connected) return;
    const timer = setInterval(() => void offerTokenToExtension(), OFFER_INTERVAL_MS);
    const onFocus = () => void offerTokenToExtension();
    window.addEventListener('focus', onFocus);
    return () => {
      clearInterval(timer);
      window.removeEventListener('focus', onFocus);
    };
  }, [signedIn, connected]);
}

/**
 * /install (docs/decisions/033): numbered steps for Chrome, Edge and Brave with a
 * drawing each, the store's button instead when a store page is set, and what to do
 * when the popup says signed out. Public, and the same signed in (with the way back).
 */
export function InstallScreen() {
  const { productName, extensionStoreUrl } = getPublicConfig();
  const signedIn = useAuthToken() !== null;
  const connected = useExtensionConnected();
  const [browserId, setBrowserId] = useState<BrowserId>(initialBrowser);
  const browser = BROWSERS.find(({ id }) => id === browserId) ?? BROWSERS[0];
  useOfferSignIn(signedIn, connected);

  return (
    <div className="flex w-full max-w-3xl flex-col gap-6">
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-semibold tracking-tight text-ink sm:text-3xl">
          Install the {productName} Validator
        </h1>
        <p className="text-sm text-ink-muted">
          The extension runs a few speed tests a day in the background and earns Bytes for them.
        </p>
        {signedIn && (
          <p className="text-sm">
            <Link
              to={paths.dashboard.href()}
              className="font-medium text-accent-strong underline underline-offset-4"
            >
              Back to the dashboard
            </Link>
          </p>
        )}
      </div>

      {connected && (
        <p
          role="status"
          data-testid="install-connected"
          className="flex items-center gap-2 rounded-xl border border-success/40 bg-success/10 p-4 text-sm font-semibold text-ink"
        >
          <CheckCircleIcon className="size-5 text-success" />
          Extension connected: it is signed in and will run its tests.
        </p>
      )}

      {extensionStoreUrl ? (
        <StoreSteps storeUrl={extensionStoreUrl} productName={productName} />
      ) : (
        <section aria-labelledby="install-browser-title" className="flex flex-col gap-4">
          <h2 id="install-browser-title" className="text-lg font-semibold text-ink">
            Your browser
          </h2>
          <div
            role="radiogroup"
            aria-labelledby="install-browser-title"
            className="flex flex-wrap gap-2"
          >
            {BROWSERS.map((choice) => (
              <button
                key={choice.id}
                type="button"
                role="radio"
                aria-checked={choice.id === browser.id}
                onClick={() => setBrowserId(choice.id)}
                className={cn(
                  'min-h-11 rounded-lg border px-4 text-sm font-semibold transition-colors',
                  choice.id === browser.id
                    ? 'border-accent bg-accent/15 text-ink'
                    : 'border-line bg-surface-raised text-ink-muted hover:text-ink',
                )}
              >
                {choice.name}
              </button>
            ))}
          </div>
          <UnpackedSteps browser={browser} productName={productName} />
        </section>
      )}

      <section
        aria-labelledby="install-signed-out-title"
        className="rounded-2xl border border-line bg-surface p-4 text-sm text-ink-muted sm:p-5"
      >
        <h2 id="install-signed-out-title" className="mb-2 text-lg font-semibold text-ink">
          The popup says “You are signed out”?
        </h2>
        <ul className="flex list-disc flex-col gap-1.5 pl-5">
          <li>
            Log in here, in the same browser and the same browser profile as the extension: the page
            hands it your sign-in. Already logged in? Reload this page.
          </li>
          <li>Logging out here signs the extension out too; log in again and it follows.</li>
          <li>Still signed out? Remove the extension, add it again, then reload this page.</li>
        </ul>
        {!signedIn && (
          <p className="mt-3">
            <Link
              to={paths.login.href()}
              className="font-medium text-accent-strong underline underline-offset-4"
            >
              Log in
            </Link>
          </p>
        )}
      </section>
    </div>
  );
}
