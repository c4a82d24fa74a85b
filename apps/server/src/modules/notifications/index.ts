/** The notifications module's public face: other modules import only this file. */
export { notify, type NewNotice } from './notify.ts';
export { deleteNotificationsOfUser } from './notifications-repository.ts';
export { default as notificationRoutes } from './routes.ts';
export { handleNoticePushes, type NoticePushDependencies } from './push-delivery.ts';
