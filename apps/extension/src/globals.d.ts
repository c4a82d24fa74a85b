/** The dashboard's origin the extension was built for (vite.config.ts `define`). */
declare const __WEB_ORIGIN__: string;
