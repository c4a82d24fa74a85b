/** The security-events module's public face: other modules import only this file. */
export {
  deleteSecurityEventsOfUser,
  securityEventsOfUser,
  type SecurityEventType,
  type SecurityEventRow,
} from './security-events-repository.ts';
export {
  recordSecurityEvent,
  type SecurityEvent,
  type SecurityEventContext,
} from './security-events-service.ts';
