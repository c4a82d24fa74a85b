/** What the captcha's skeleton is marked with, for finding a tap on it. */
export const SKELETON_TEST_ID = 'captcha-skeleton';

let tapped = false;

/**
 * A tap on the skeleton is kept for the widget that replaces it. On a
 * prerendered page the skeleton's markup is not hydrated yet, so React could
 * not see the tap: a listener on the document, on capture, does.
 */
if (typeof document !== 'undefined') {
  document.addEventListener(
    'click',
    (event) => {
      if (
        event.target instanceof Element &&
        event.target.closest(`[data-testid="${SKELETON_TEST_ID}"]`)
      ) {
        tapped = true;
      }
    },
    { capture: true },
  );
}

/** Whether someone tapped the skeleton since last asked: the widget then starts solving at once. */
export function takeSkeletonTap(): boolean {
  const wasTapped = tapped;
  tapped = false;
  return wasTapped;
}
