/** The invites module's public face: other modules import only this file. */
export { firstRunInvite, insertInvite } from './invite-service.ts';
export {
  type Invite,
  invitesPage,
  isOpenInvite,
  lockInvite,
  markInviteRevoked,
  takeInviteUse,
} from './invites-repository.ts';
