import { DEFAULT_PRODUCT_NAME, publicConfigSchema, type PublicConfig } from '@netpulse/shared';

export const CONFIG_ELEMENT_ID = 'app-config';
const CONFIG_ENDPOINT = '/v1/api/config';
const CONFIG_FETCH_TIMEOUT_MS = 3000;

export const DEFAULT_PUBLIC_CONFIG: PublicConfig = {
  productName: DEFAULT_PRODUCT_NAME,
  captchaProvider: 'altcha',
  captchaSiteKey: null,
  extensionId: null,
  extensionStoreUrl: null,
  adScriptUrl: null,
  questPlatforms: { x: false, discord: false, telegram: false, youtube: true },
  youtubeSignIn: false,
  telegramBotUsername: null,
};

/**
 * Settles untrusted config input: every valid field is kept, anything missing
 * or malformed falls back to its default, so one bad value cannot break start-up.
 */
export function toPublicConfig(raw: unknown): PublicConfig {
  if (typeof raw !== 'object' || raw === null) return DEFAULT_PUBLIC_CONFIG;
  const config: Record<string, unknown> = { ...DEFAULT_PUBLIC_CONFIG };
  for (const [key, field] of Object.entries(publicConfigSchema.shape)) {
    const parsed = field.safeParse((raw as Record<string, unknown>)[key]);
    if (parsed.success) config[key] = parsed.data;
  }
  return config as PublicConfig;
}

/** The JSON the server embeds in index.html, or undefined when it is absent (vite dev). */
export function readEmbeddedConfig(doc: Pick<Document, 'getElementById'>): unknown {
  const text = doc.getElementById(CONFIG_ELEMENT_ID)?.textContent?.trim();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    console.error('The embedded app config is not valid JSON.', error);
    return undefined;
  }
}

/** Plain fetch, not the API client: before start-up there is no session to send or refresh. */
async function fetchConfig(): Promise<unknown> {
  try {
    const response = await fetch(CONFIG_ENDPOINT, {
      headers: { Accept: 'application/json' },
      signal: AbortSignal.timeout(CONFIG_FETCH_TIMEOUT_MS),
    });
    const body = (await response.json()) as { success?: boolean; data?: unknown };
    return body.success ? body.data : undefined;
  } catch {
    return undefined;
  }
}

let current: PublicConfig = DEFAULT_PUBLIC_CONFIG;

/**
 * Reads the public config once at start-up: from the server-embedded element,
 * else from the API (the vite dev server serves index.html without it), else
 * the defaults.
 */
export async function loadPublicConfig(): Promise<PublicConfig> {
  const raw = readEmbeddedConfig(document) ?? (await fetchConfig());
  current = toPublicConfig(raw);
  return current;
}

/** The config loaded at start-up; it does not change while the app runs. */
export function getPublicConfig(): PublicConfig {
  return current;
}
