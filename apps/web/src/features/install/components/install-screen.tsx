import { EXTENSION_DOWNLOAD_PATH } from '@netpulse/shared';
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from '@/lib/router';
import { CopyIcon, CheckCircleIcon } from '@/components/ui/signed-in-icons';
import { copyWithToast } from '@/components/share/copy-link-button';
import { offerTokenToExtension } from '@/components/extension/extension-bridge';
import { useExtensionConnected } from '@/components/extension/use-extension-connected';
import { getPublicConfig } from '@/config/public-config';
import { paths } from '@/config/paths';
import { useAuthToken } from '@/hooks/use-auth-token';
import { cn } from '@/lib/cn';
import { useIntl } from '@/lib/i18n/use-intl';
import { BROWSERS, detectBrowser, type Browser, type BrowserId } from '@/features/install/browsers';
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
  const intl = useIntl();
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
            {intl.formatMessage(
              {
                id: 'install.stepTitle',
                defaultMessage: '<hidden>Step {number}:</hidden> {title}',
              },
              { number, title, hidden: (chunks) => <span className="sr-only">{chunks}</span> },
            )}
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
  const intl = useIntl();
  return (
    <ol
      className="flex flex-col gap-4"
      aria-label={intl.formatMessage(
        { id: 'install.stepsFor', defaultMessage: 'Install steps for {browser}' },
        { browser: browser.name },
      )}
    >
      <Step
        number={1}
        title={intl.formatMessage({
          id: 'install.downloadTitle',
          defaultMessage: 'Download and unzip the extension',
        })}
        drawing={<DownloadDrawing />}
      >
        <p>
          {intl.formatMessage({
            id: 'install.downloadText',
            defaultMessage:
              'Download the extension, then unzip it: the folder inside is what the browser loads.',
          })}
        </p>
        <p>
          <a href={EXTENSION_DOWNLOAD_PATH} download className={actionClass}>
            {intl.formatMessage({
              id: 'install.downloadButton',
              defaultMessage: 'Download the extension',
            })}
          </a>
        </p>
        <p>
          {intl.formatMessage({
            id: 'install.keepFolder',
            defaultMessage:
              'Keep the folder where it is: the browser loads the extension from it at each start.',
          })}
        </p>
      </Step>
      <Step
        number={2}
        title={intl.formatMessage(
          { id: 'install.extensionsPageTitle', defaultMessage: "Open {browser}'s extensions page" },
          { browser: browser.name },
        )}
        drawing={<ExtensionsPageDrawing browser={browser} />}
      >
        <p>
          {intl.formatMessage(
            {
              id: 'install.extensionsPageText',
              defaultMessage:
                'Open a new tab and type <code>{address}</code> in the address bar (browsers do not let a page open it for you).',
            },
            {
              address: browser.extensionsPage,
              code: (chunks) => (
                <code className="rounded bg-surface-raised px-1.5 py-0.5 text-ink">{chunks}</code>
              ),
            },
          )}
        </p>
        <p>
          <button
            type="button"
            onClick={() => void copyWithToast(browser.extensionsPage)}
            className="inline-flex min-h-10 items-center gap-2 rounded-lg border border-line bg-surface-raised px-3 text-sm font-semibold text-ink hover:border-ink-muted"
          >
            <CopyIcon className="size-4" />
            {intl.formatMessage({ id: 'install.copyAddress', defaultMessage: 'Copy the address' })}
          </button>
        </p>
      </Step>
      <Step
        number={3}
        title={intl.formatMessage({
          id: 'install.developerModeTitle',
          defaultMessage: 'Turn on Developer mode',
        })}
        drawing={<DeveloperModeDrawing browser={browser} />}
      >
        <p>
          {browser.developerModeAt === 'left'
            ? intl.formatMessage({
                id: 'install.developerModeLeft',
                defaultMessage:
                  'The Developer mode switch is in the left-hand panel (open it with the menu button on a narrow window).',
              })
            : intl.formatMessage({
                id: 'install.developerModeTopRight',
                defaultMessage: 'The Developer mode switch is at the top right of the page.',
              })}
        </p>
      </Step>
      <Step
        number={4}
        title={intl.formatMessage({ id: 'install.loadUnpacked', defaultMessage: 'Load unpacked' })}
        drawing={<LoadUnpackedDrawing browser={browser} />}
      >
        <p>
          {intl.formatMessage(
            {
              id: 'install.loadUnpackedText',
              defaultMessage:
                'Press <strong>Load unpacked</strong> and choose the folder you unzipped. {productName} Validator appears among the extensions.',
            },
            {
              productName,
              strong: (chunks) => <strong className="text-ink">{chunks}</strong>,
            },
          )}
        </p>
      </Step>
      <Step
        number={5}
        title={intl.formatMessage({ id: 'install.pinTitle', defaultMessage: 'Pin it and sign in' })}
        drawing={<SignedInPopupDrawing productName={productName} />}
      >
        <p>
          {intl.formatMessage({
            id: 'install.pinText',
            defaultMessage:
              'Pin it from the puzzle-piece menu of the toolbar. Log in here, in the same browser: the extension signs in with this page and never asks for your password.',
          })}
        </p>
      </Step>
    </ol>
  );
}

/** With a store page (EXTENSION_STORE_URL): the store's own button replaces the unpacked steps. */
function StoreSteps({ storeUrl, productName }: { storeUrl: string; productName: string }) {
  const intl = useIntl();
  return (
    <ol
      className="flex flex-col gap-4"
      aria-label={intl.formatMessage({ id: 'install.steps', defaultMessage: 'Install steps' })}
    >
      <Step
        number={1}
        title={intl.formatMessage({
          id: 'install.storeTitle',
          defaultMessage: 'Add it from the store',
        })}
        drawing={<DownloadDrawing />}
      >
        <p>
          {intl.formatMessage({
            id: 'install.storeText',
            defaultMessage: "Open the extension's store page and add it to your browser.",
          })}
        </p>
        <p>
          <a href={storeUrl} target="_blank" rel="noopener noreferrer" className={actionClass}>
            {intl.formatMessage({
              id: 'install.storeButton',
              defaultMessage: 'Open the store page',
            })}
          </a>
        </p>
      </Step>
      <Step
        number={2}
        title={intl.formatMessage({ id: 'install.pinTitle', defaultMessage: 'Pin it and sign in' })}
        drawing={<SignedInPopupDrawing productName={productName} />}
      >
        <p>
          {intl.formatMessage({
            id: 'install.pinTextStore',
            defaultMessage:
              'Pin it from the puzzle-piece menu of the toolbar. Log in here, in the same browser: the extension signs in with this page.',
          })}
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
  const intl = useIntl();
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
          {intl.formatMessage(
            { id: 'install.title', defaultMessage: 'Install the {productName} Validator' },
            { productName },
          )}
        </h1>
        <p className="text-sm text-ink-muted">
          {intl.formatMessage({
            id: 'install.intro',
            defaultMessage:
              'The extension runs a few speed tests a day in the background and earns Bytes for them.',
          })}
        </p>
        {signedIn && (
          <p className="text-sm">
            <Link
              to={paths.dashboard.href()}
              className="font-medium text-accent-strong underline underline-offset-4"
            >
              {intl.formatMessage({
                id: 'install.backToDashboard',
                defaultMessage: 'Back to the dashboard',
              })}
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
          {intl.formatMessage({
            id: 'install.connected',
            defaultMessage: 'Extension connected: it is signed in and will run its tests.',
          })}
        </p>
      )}

      {extensionStoreUrl ? (
        <StoreSteps storeUrl={extensionStoreUrl} productName={productName} />
      ) : (
        <section aria-labelledby="install-browser-title" className="flex flex-col gap-4">
          <h2 id="install-browser-title" className="text-lg font-semibold text-ink">
            {intl.formatMessage({ id: 'install.yourBrowser', defaultMessage: 'Your browser' })}
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
          {intl.formatMessage({
            id: 'install.signedOutTitle',
            defaultMessage: 'The popup says “You are signed out”?',
          })}
        </h2>
        <ul className="flex list-disc flex-col gap-1.5 ps-5">
          <li>
            {intl.formatMessage({
              id: 'install.signedOutLogIn',
              defaultMessage:
                'Log in here, in the same browser and the same browser profile as the extension: the page hands it your sign-in. Already logged in? Reload this page.',
            })}
          </li>
          <li>
            {intl.formatMessage({
              id: 'install.signedOutFollows',
              defaultMessage:
                'Logging out here signs the extension out too; log in again and it follows.',
            })}
          </li>
          <li>
            {intl.formatMessage({
              id: 'install.signedOutReinstall',
              defaultMessage:
                'Still signed out? Remove the extension, add it again, then reload this page.',
            })}
          </li>
        </ul>
        {!signedIn && (
          <p className="mt-3">
            <Link
              to={paths.login.href()}
              className="font-medium text-accent-strong underline underline-offset-4"
            >
              {intl.formatMessage({ id: 'install.logIn', defaultMessage: 'Log in' })}
            </Link>
          </p>
        )}
      </section>
    </div>
  );
}
