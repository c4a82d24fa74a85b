/** The captcha module's public face: other modules import only this file. */
export { requireCaptcha } from './require-captcha.ts';
export { default as captchaRoutes } from './routes.ts';
