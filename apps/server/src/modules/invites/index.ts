/** What the invites module offers the rest of the server: other modules import only this file. */
export {
  firstRunInvite,
  insertInvite,
  type Invite,
  invitesPage,
  isOpenInvite,
  lockInvite,
  markInviteRevoked,
  takeInviteUse,
} from './invite-service.ts';
