/** The two-factor module's public face: other modules import only this file. */
export { eraseTwoFactorOfUser } from './two-factor-erasure-repository.ts';
export { isTotpConfirmed } from './two-factor-status-repository.ts';
