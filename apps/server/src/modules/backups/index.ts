/** The backups module's public face: other modules import only this file. */
export { type AuthSecretSource } from './backup-archive.ts';
export {
  BackupRefusedError,
  postgresCommands,
  restoreBackup,
  SHA256_HEX,
  writeBackup,
} from './backup-service.ts';
