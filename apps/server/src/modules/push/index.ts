/** The push module's public face: other modules and the app import only this file. */
export { deletePushSubscriptionsOfUser } from './push-repository.ts';
export { type PushContext, type PushOutcome, sendPushToUser } from './push-sender.ts';
export { loadVapidKeys, type VapidKeys } from './vapid-keys.ts';
export { default as pushRoutes } from './routes.ts';
