/** The notifications module's public face: other modules import only this file. */
export { notify, type NewNotice } from './notify.ts';
export { deleteNotificationsOfUser } from './notifications-repository.ts';
export { noticeMailChannel } from './mail-channel.ts';
export { default as notificationRoutes } from './routes.ts';
