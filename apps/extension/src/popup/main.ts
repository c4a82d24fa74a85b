/**
 * The popup: asks the worker for the status and renders it; Run test now and
 * the location choice go to the worker. It re-renders whenever the stored
 * state changes (a test ends, the dashboard signs the extension out).
 */
import { config as zodConfig } from 'zod';
import { DEFAULT_PRODUCT_NAME } from '@netpulse/shared';
import {
  isSpeedProgress,
  type BackgroundRequest,
  type PopupStatus,
  type RunNowReply,
} from '../lib/popup-protocol.ts';
import { MANIFEST_TEXTS } from '../lib/manifest-texts.ts';
import {
  boostLabels,
  formatCount,
  formatNextTest,
  formatResultLatency,
  formatSpeed,
  formatTestsToday,
} from './format.ts';
import { fill, startInBrowserLanguage, t } from './i18n.ts';
import { isPopupMessageName, POPUP_MESSAGES } from './messages.ts';
import { runNowView } from './run-now.ts';
import { createSpeedGauge } from './speed-gauge.ts';
import { translateText } from './translate-text.ts';

zodConfig({ jitless: true });

function element<T extends HTMLElement = HTMLElement>(id: string): T {
  const found = document.getElementById(id);
  if (!found) throw new Error(`popup.html has no #${id}`);
  return found as T;
}

const view = {
  main: document.querySelector('main') as HTMLElement,
  title: element('title'),
  signedOut: element('signed-out'),
  openLogin: element<HTMLButtonElement>('open-login'),
  nodeRemoved: element('node-removed'),
  addAgain: element<HTMLButtonElement>('add-again'),
  notRegistered: element('not-registered'),
  registrationProblem: element('registration-problem'),
  retryRegistration: element<HTMLButtonElement>('retry-registration'),
  nodesLink: element<HTMLAnchorElement>('nodes-link'),
  signedIn: element('signed-in'),
  signedInAs: element('signed-in-as'),
  username: element('username'),
  thisNode: element('this-node'),
  nodeName: element('node-name'),
  totalPoints: element('total-points'),
  testsToday: element('tests-today'),
  nextTest: element('next-test'),
  noResult: element('no-result'),
  lastResult: element('last-result'),
  download: element('result-download'),
  upload: element('result-upload'),
  latency: element('result-latency'),
  points: element('result-points'),
  boosts: element<HTMLUListElement>('result-boosts'),
  shareLocation: element<HTMLInputElement>('share-location'),
  runNow: element<HTMLButtonElement>('run-now'),
  runWait: element('run-wait'),
  gauge: createSpeedGauge(element('live-gauge')),
  message: element('message'),
  dashboardLink: element<HTMLAnchorElement>('dashboard-link'),
};

/**
 * The static texts of popup.html, in the popup's language: an element names its message
 * (`data-message`, `data-message-aria-label`); the texts themselves live in messages.ts.
 */
function fillStaticTexts(): void {
  const title = t(MANIFEST_TEXTS.name, { productName: DEFAULT_PRODUCT_NAME });
  view.title.textContent = title;
  document.title = title;
  for (const target of document.querySelectorAll<HTMLElement>('[data-message]')) {
    const name = target.dataset.message ?? '';
    if (!isPopupMessageName(name)) throw new Error(`popup.html names no message ${name}`);
    target.textContent = t(POPUP_MESSAGES[name]);
  }
  for (const target of document.querySelectorAll<HTMLElement>('[data-message-aria-label]')) {
    const name = target.dataset.messageAriaLabel ?? '';
    if (!isPopupMessageName(name)) throw new Error(`popup.html names no message ${name}`);
    target.setAttribute('aria-label', t(POPUP_MESSAGES[name]));
  }
}

let loginUrl = '';
/** A message from Run test now stays until the next run, whatever re-renders meanwhile. */
let runMessage: { text: string; error: boolean } | null = null;
let runInFlight = false;
/** The last status the worker answered: the wait is read again from it as time passes. */
let lastStatus: PopupStatus | null = null;
/** "Next test in 8 min" reads by the minute; the worker is not asked again for it. */
const WAIT_TICK_MS = 15_000;

function ask<T>(request: BackgroundRequest): Promise<T> {
  return chrome.runtime.sendMessage(request) as Promise<T>;
}

function showMessage(): void {
  view.message.textContent = runMessage?.text ?? '';
  view.message.classList.toggle('error', runMessage?.error ?? false);
}

function render(status: PopupStatus): void {
  lastStatus = status;
  view.main.setAttribute('aria-busy', 'false');
  view.signedOut.hidden = status.signedIn || status.reason !== 'signed-out';
  view.nodeRemoved.hidden = status.signedIn || status.reason !== 'removed';
  view.notRegistered.hidden = status.signedIn || status.reason !== 'not-registered';
  view.signedIn.hidden = !status.signedIn;
  if (!status.signedIn) {
    loginUrl = status.loginUrl;
    view.nodesLink.href = status.nodesUrl;
    view.registrationProblem.textContent = status.problem ? translateText(status.problem) : '';
    runMessage = null;
    return;
  }
  view.username.textContent = status.username ?? '—';
  view.nodeName.textContent = status.nodeName ?? '—';
  // The name and the node keep their own elements, placed where the language puts them.
  fill(view.signedInAs, POPUP_MESSAGES.signedInAs, { username: view.username });
  fill(view.thisNode, POPUP_MESSAGES.thisNode, { nodeName: view.nodeName });
  view.totalPoints.textContent =
    status.totalPoints === null ? '—' : formatCount(status.totalPoints);
  view.testsToday.textContent = formatTestsToday(status.creditedToday, status.dailyLimit);
  view.nextTest.textContent = formatNextTest(status.nextTestAt);
  view.shareLocation.checked = status.shareLocation;
  view.dashboardLink.href = status.dashboardUrl;

  const result = status.lastResult;
  view.noResult.hidden = result !== null;
  view.lastResult.hidden = result === null;
  view.boosts.replaceChildren(
    ...(result ? boostLabels(result) : []).map((label) => {
      const item = document.createElement('li');
      item.textContent = label;
      return item;
    }),
  );
  if (result) {
    view.download.textContent = formatSpeed(result.download_mbps);
    view.upload.textContent = formatSpeed(result.upload_mbps);
    view.latency.textContent = formatResultLatency(result.latency_ms);
    view.points.textContent = t(POPUP_MESSAGES.resultPoints, { points: result.points });
  }

  const running = runInFlight || status.running;
  const runNow = runNowView({ ...status, running }, new Date());
  view.runNow.disabled = runNow.disabled;
  view.runNow.textContent = runNow.label;
  view.runWait.textContent = runNow.reason ?? '';
  view.runWait.hidden = runNow.reason === null;
  // The gauge shows from the first live speed the worker sends until the test ends.
  if (!running) view.gauge.root.hidden = true;
  if (!runMessage && (status.problem || status.lastError)) {
    view.message.textContent = translateText(status.problem ?? status.lastError ?? '');
    view.message.classList.add('error');
  } else {
    showMessage();
  }
}

/** Set once the popup's language is loaded: nothing renders before, so nothing reads English first. */
let ready = false;
let refreshTimer: ReturnType<typeof setTimeout> | undefined;
/** Renders the current status; bursts of storage changes make one request. */
function refresh(delayMs = 0): void {
  if (!ready) return;
  clearTimeout(refreshTimer);
  refreshTimer = setTimeout(() => {
    ask<PopupStatus>({ target: 'background', type: 'status' }).then(render, (error: unknown) =>
      console.error('The status could not be read:', error),
    );
  }, delayMs);
}

view.openLogin.addEventListener('click', () => {
  void chrome.tabs.create({ url: loginUrl });
});

/** Add again and Try again: the worker registers (when it can) and answers the new status. */
function registerFrom(button: HTMLButtonElement, request: BackgroundRequest): void {
  button.disabled = true;
  ask<PopupStatus>(request)
    .then(render, (error: unknown) => console.error(`${request.type} failed:`, error))
    .finally(() => {
      button.disabled = false;
    });
}

view.addAgain.addEventListener('click', () => {
  registerFrom(view.addAgain, { target: 'background', type: 'add-again' });
});

view.retryRegistration.addEventListener('click', () => {
  registerFrom(view.retryRegistration, { target: 'background', type: 'retry-registration' });
});

view.shareLocation.addEventListener('change', () => {
  void ask({
    target: 'background',
    type: 'set-share-location',
    share: view.shareLocation.checked,
  });
});

view.runNow.addEventListener('click', () => {
  runInFlight = true;
  runMessage = { text: t(POPUP_MESSAGES.runningMessage), error: false };
  view.runNow.disabled = true;
  view.runNow.textContent = t(POPUP_MESSAGES.testRunning);
  showMessage();
  ask<RunNowReply>({ target: 'background', type: 'run-now' })
    .then(
      (reply) => {
        runMessage = reply.ok
          ? { text: t(POPUP_MESSAGES.testComplete, { points: reply.result.points }), error: false }
          : { text: translateText(reply.error), error: true };
      },
      (error: unknown) => {
        runMessage = { text: t(POPUP_MESSAGES.couldNotRun, { error: String(error) }), error: true };
      },
    )
    .finally(() => {
      runInFlight = false;
      refresh();
    });
});

chrome.storage.onChanged.addListener((_changes, area) => {
  if (area === 'local') refresh(150);
});

chrome.runtime.onMessage.addListener((message: unknown, sender) => {
  if (!ready || sender.id !== chrome.runtime.id || !isSpeedProgress(message)) return false;
  view.gauge.show(message.direction, message.mbps);
  view.gauge.root.hidden = false;
  return false;
});

setInterval(() => {
  if (lastStatus) render(lastStatus);
}, WAIT_TICK_MS);

// The browser's language first: nothing is written before its catalog is at hand.
void startInBrowserLanguage().then(() => {
  fillStaticTexts();
  ready = true;
  refresh();
});
