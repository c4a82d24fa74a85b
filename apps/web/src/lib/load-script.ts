import { retry } from './retry';

/** Spec section 9: the ad and captcha loaders retry up to 2 times. */
const SCRIPT_RETRIES = 2;
const RETRY_DELAY_MS = 1000;

const loads = new Map<string, Promise<void>>();

function injectScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      // Removed so the retry adds a fresh element instead of reusing a failed one.
      script.remove();
      reject(new Error(`Failed to load script ${src}`));
    };
    document.head.append(script);
  });
}

/**
 * Loads a third-party script once per page, retrying failed loads. Callers
 * that ask for the same script share the load; a load that finally failed
 * may be tried again later.
 */
export function loadScript(src: string): Promise<void> {
  let load = loads.get(src);
  if (!load) {
    load = retry(() => injectScript(src), { retries: SCRIPT_RETRIES, delayMs: RETRY_DELAY_MS });
    loads.set(src, load);
    load.catch(() => loads.delete(src));
  }
  return load;
}
