/**
 * Every text the popup shows, as messages of the catalogs (docs/ARCHITECTURE.md section 13).
 * popup.html names where the static ones go (`data-message="signedOutTitle"`); the code
 * formats the rest as it renders. Its heading is the extension's name (lib/manifest-texts.ts).
 */
import { defineMessages } from '@netpulse/i18n';

export const POPUP_MESSAGES = defineMessages({
  signedOutTitle: { id: 'extension.signedOutTitle', defaultMessage: 'You are signed out' },
  signedOutBody: {
    id: 'extension.signedOutBody',
    defaultMessage:
      'Log in on the dashboard: the extension signs in with it, and never asks for your password.',
  },
  openLogin: { id: 'extension.openLogin', defaultMessage: 'Log in on the dashboard' },
  nodeRemovedTitle: {
    id: 'extension.nodeRemovedTitle',
    defaultMessage: 'This browser was removed from your nodes.',
  },
  nodeRemovedBody: {
    id: 'extension.nodeRemovedBody',
    defaultMessage:
      'Its tests stay in your history. Add it again to run tests from this browser: it joins your nodes as a new one.',
  },
  addAgain: { id: 'extension.addAgain', defaultMessage: 'Add this browser again' },
  notRegisteredTitle: {
    id: 'extension.notRegisteredTitle',
    defaultMessage: 'This browser is not one of your nodes',
  },
  tryAgain: { id: 'extension.tryAgain', defaultMessage: 'Try again' },
  openNodes: { id: 'extension.openNodes', defaultMessage: 'Open the Nodes page' },
  openDashboard: { id: 'extension.openDashboard', defaultMessage: 'Open the dashboard' },
  accountTitle: { id: 'extension.accountTitle', defaultMessage: 'Your account' },
  signedInAs: {
    id: 'extension.signedInAs',
    defaultMessage: 'Signed in as {username}',
    description: 'username is the account’s name, shown bold.',
  },
  thisNode: {
    id: 'extension.thisNode',
    defaultMessage: 'This browser is your node {nodeName}',
    description: 'nodeName is the name of this browser on the Nodes page, e.g. "Chrome on Linux".',
  },
  totalBytes: { id: 'extension.totalBytes', defaultMessage: 'Total Bytes' },
  testsTodayLabel: { id: 'extension.testsTodayLabel', defaultMessage: "Today's tests" },
  testsToday: {
    id: 'extension.testsToday',
    defaultMessage: '{credited, number} of {limit, number}',
    description: 'Tests credited today out of the daily limit: "2 of 4".',
  },
  nextTestLabel: { id: 'extension.nextTestLabel', defaultMessage: 'Next test' },
  nonePlanned: { id: 'extension.nonePlanned', defaultMessage: 'None planned today' },
  lastResultTitle: { id: 'extension.lastResultTitle', defaultMessage: 'Last result' },
  noResult: { id: 'extension.noResult', defaultMessage: 'No test yet.' },
  download: { id: 'extension.download', defaultMessage: 'Download' },
  upload: { id: 'extension.upload', defaultMessage: 'Upload' },
  latency: { id: 'extension.latency', defaultMessage: 'Latency' },
  earned: { id: 'extension.earned', defaultMessage: 'Earned' },
  resultPoints: {
    id: 'extension.resultPoints',
    defaultMessage: '{points, number} Bytes',
    description: 'The points a test earned; Bytes is the product’s name for points.',
  },
  boostsLabel: { id: 'extension.boostsLabel', defaultMessage: 'Boosts of the last result' },
  boost: {
    id: 'extension.boost',
    defaultMessage: '{label} · {multiplier, number}x',
    description: 'One boost of a result and its multiplier: "Unique IP · 2x".',
  },
  boostUniqueIp: { id: 'extension.boostUniqueIp', defaultMessage: 'Unique IP' },
  boostLocation: { id: 'extension.boostLocation', defaultMessage: 'Location' },
  boostElite: { id: 'extension.boostElite', defaultMessage: 'Elite Role' },
  shareLocation: {
    id: 'extension.shareLocation',
    defaultMessage: 'Share my location with tests (Location boost, 2x)',
  },
  runNow: { id: 'extension.runNow', defaultMessage: 'Run test now' },
  testRunning: { id: 'extension.testRunning', defaultMessage: 'Test running…' },
  runningMessage: { id: 'extension.runningMessage', defaultMessage: 'Running a speed test…' },
  testComplete: {
    id: 'extension.testComplete',
    defaultMessage: 'Test complete: {points, number} Bytes earned.',
  },
  couldNotRun: {
    id: 'extension.couldNotRun',
    defaultMessage: 'The test could not run: {error}',
    description: 'error is the browser’s own description of the failure.',
  },
  waitInterval: {
    id: 'extension.waitInterval',
    defaultMessage: 'Next test in {duration}, at {time}.',
    description: 'duration: "8 min" or "1 h 5 min"; time: "2026-11-25 13:40".',
  },
  waitDailyLimit: {
    id: 'extension.waitDailyLimit',
    defaultMessage:
      "{limit, plural, =1 {Today's test is done.} other {Today's # tests are done.}} Tests open again at {time} UTC, in {duration}.",
    description: 'limit: the daily number of tests; time: "00:00"; duration: "3 h 12 min".',
  },
  durationMinutes: { id: 'extension.durationMinutes', defaultMessage: '{minutes, number} min' },
  durationHours: { id: 'extension.durationHours', defaultMessage: '{hours, number} h' },
  durationHoursMinutes: {
    id: 'extension.durationHoursMinutes',
    defaultMessage: '{hours, number} h {minutes, number} min',
  },
  gaugeDownload: { id: 'extension.gaugeDownload', defaultMessage: 'Download speed' },
  gaugeUpload: { id: 'extension.gaugeUpload', defaultMessage: 'Upload speed' },
});

export type PopupMessageName = keyof typeof POPUP_MESSAGES;

export function isPopupMessageName(name: string): name is PopupMessageName {
  return Object.prototype.hasOwnProperty.call(POPUP_MESSAGES, name);
}
