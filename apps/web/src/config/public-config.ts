import { DEFAULT_PRODUCT_NAME, type PublicConfig } from '@netpulse/shared';

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

type Parsed = { value: unknown } | undefined;

const string = (value: unknown): Parsed => (typeof value === 'string' ? { value } : undefined);
const nullableString = (value: unknown): Parsed =>
  value === null || typeof value === 'string' ? { value } : undefined;
const boolean = (value: unknown): Parsed => (typeof value === 'boolean' ? { value } : undefined);
const CAPTCHA_PROVIDERS: readonly unknown[] = ['altcha', 'turnstile', 'hcaptcha'];
const PLATFORMS = ['x', 'discord', 'telegram', 'youtube'] as const;

/**
 * Each field's check, as `publicConfigSchema` (packages/shared) states it; written
 * out so the start-up code does not carry zod (public-config.test.ts holds them
 * to the schema).
 */
export const PUBLIC_CONFIG_FIELDS: Record<keyof PublicConfig, (value: unknown) => Parsed> = {
  productName: string,
  captchaProvider: (value) => (CAPTCHA_PROVIDERS.includes(value) ? { value } : undefined),
  captchaSiteKey: nullableString,
  extensionId: nullableString,
  extensionStoreUrl: nullableString,
  adScriptUrl: nullableString,
  questPlatforms: (value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
    const platforms = value as Record<string, unknown>;
    if (!PLATFORMS.every((name) => typeof platforms[name] === 'boolean')) return undefined;
    return { value: Object.fromEntries(PLATFORMS.map((name) => [name, platforms[name]])) };
  },
  youtubeSignIn: boolean,
  telegramBotUsername: nullableString,
};

/**
 * Settles untrusted config input: every valid field is kept, anything missing
 * or malformed falls back to its default, so one bad value cannot break start-up.
 */
export function toPublicConfig(raw: unknown): PublicConfig {
  if (typeof raw !== 'object' || raw === null) return DEFAULT_PUBLIC_CONFIG;
  const config: Record<string, unknown> = { ...DEFAULT_PUBLIC_CONFIG };
  for (const [key, parse] of Object.entries(PUBLIC_CONFIG_FIELDS)) {
    const parsed = parse((raw as Record<string, unknown>)[key]);
    if (parsed) config[key] = parsed.value;
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

/** Sets the config without a document to read it from: for prerendering pages. */
export function setPublicConfig(config: PublicConfig): void {
  current = config;
}

/** The config loaded at start-up; it does not change while the app runs. */
export function getPublicConfig(): PublicConfig {
  return current;
}
