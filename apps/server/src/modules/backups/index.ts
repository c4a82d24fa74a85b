/** What the backups module offers the rest of the server: other modules import only this file. */
export { type AuthSecretSource } from './backup-archive.ts';
export {
  BackupRefusedError,
  postgresCommands,
  restoreBackup,
  SHA256_HEX,
  writeBackup,
} from './backup-service.ts';
