import { defineTexts } from '@netpulse/i18n';

/** The Nodes screen and the speed test run in the page (issue 17). */
export const NODE_SCREEN_TEXTS = defineTexts('nodeScreenTexts', {
  listFailed: 'Your nodes could not be loaded.',
  historyFailed: 'The speed history could not be loaded.',
  emptyTitle: 'No nodes yet',
  emptyDetail:
    'A node is a browser that runs speed tests for you: the validator extension, or this page when you run a test here. Install the extension to earn Bytes in the background.',
  removeWarning:
    'Its extension will be signed out. Its tests stay in your history, and you can add it again from the extension popup.',
  /** Beside the danger button: the node itself does not come back. */
  removeCannotBeUndone:
    'This cannot be undone: the node leaves your list now, and adding it again makes a new node.',
  /** Removing the page's own node: there is no extension to sign out. */
  removeWarningBrowser:
    'Its tests stay in your history. A test run on this page again adds this browser back as a new node.',
  speedtestFailed: 'The speed test could not finish. Please try again.',
  workerUnavailable: 'This browser cannot run the speed test here.',
});
