/** The notifications module's public face: other modules import only this file. */
export {
  audienceReachOf,
  type AudienceNotice,
  notify,
  notifyAudience,
  type NewNotice,
} from './notify.ts';
export { noticeTexts } from './notice-texts.ts';
export { extensionNoticesOf } from './extension-notices.ts';
export { deleteNotificationsOfUser } from './notifications-repository.ts';
export { noticeMailChannel } from './mail-channel.ts';
export { default as notificationRoutes } from './routes.ts';
export { handleNoticePushes, type NoticePushDependencies } from './push-delivery.ts';
