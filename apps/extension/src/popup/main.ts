/**
 * The popup: asks the worker for the status and renders it; Run test now and
 * the location choice go to the worker. It re-renders whenever the stored
 * state changes (a test ends, the dashboard signs the extension out).
 */
import { config as zodConfig } from 'zod';
import { DEFAULT_PRODUCT_NAME, formatMbps } from '@netpulse/shared';
import {
  isSpeedProgress,
  type BackgroundRequest,
  type PopupStatus,
  type RunNowReply,
} from '../lib/popup-protocol.ts';
import { boostLabels, formatNextTest, formatResultLatency, formatTestsToday } from './format.ts';
import { runNowView } from './run-now.ts';
import { createSpeedGauge } from './speed-gauge.ts';

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
  username: element('username'),
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

const title = `${DEFAULT_PRODUCT_NAME} Validator`;
view.title.textContent = title;
document.title = title;

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
    view.registrationProblem.textContent = status.problem ?? '';
    runMessage = null;
    return;
  }
  view.username.textContent = status.username ?? '—';
  view.nodeName.textContent = status.nodeName ?? '—';
  view.totalPoints.textContent = status.totalPoints === null ? '—' : String(status.totalPoints);
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
    view.download.textContent = formatMbps(result.download_mbps);
    view.upload.textContent = formatMbps(result.upload_mbps);
    view.latency.textContent = formatResultLatency(result.latency_ms);
    view.points.textContent = `${result.points} Bytes`;
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
    view.message.textContent = status.problem ?? status.lastError ?? '';
    view.message.classList.add('error');
  } else {
    showMessage();
  }
}

let refreshTimer: ReturnType<typeof setTimeout> | undefined;
/** Renders the current status; bursts of storage changes make one request. */
function refresh(delayMs = 0): void {
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
  runMessage = { text: 'Running a speed test…', error: false };
  view.runNow.disabled = true;
  view.runNow.textContent = 'Test running…';
  showMessage();
  ask<RunNowReply>({ target: 'background', type: 'run-now' })
    .then(
      (reply) => {
        runMessage = reply.ok
          ? { text: `Test complete: ${reply.result.points} Bytes earned.`, error: false }
          : { text: reply.error, error: true };
      },
      (error: unknown) => {
        runMessage = { text: `The test could not run: ${String(error)}`, error: true };
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
  if (sender.id !== chrome.runtime.id || !isSpeedProgress(message)) return false;
  view.gauge.show(message.direction, message.mbps);
  view.gauge.root.hidden = false;
  return false;
});

setInterval(() => {
  if (lastStatus) render(lastStatus);
}, WAIT_TICK_MS);

refresh();
