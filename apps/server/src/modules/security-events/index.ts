/** The security-events module's public face: other modules import only this file. */
export {
  deleteSecurityEventsOfUser,
  type SecurityEventType,
} from './security-events-repository.ts';
export { recordSecurityEvent, type SecurityEventContext } from './security-events-service.ts';
