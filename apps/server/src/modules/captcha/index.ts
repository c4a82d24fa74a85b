/** What the captcha module offers the rest of the server: other modules import only this file. */
export { requireCaptcha } from './require-captcha.ts';
export { default as captchaRoutes } from './routes.ts';
