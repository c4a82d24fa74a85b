/**
 * Registers the ALTCHA widget. The "external" build ships neither inline
 * styles nor blob: workers, so a strict CSP needs no exception for it; Vite
 * emits the proof-of-work workers as same-origin files instead.
 */
import 'altcha/external';
import 'altcha/altcha.css';
import Argon2idWorker from 'altcha/workers/argon2id?worker';
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker';
import ScryptWorker from 'altcha/workers/scrypt?worker';
import ShaWorker from 'altcha/workers/sha?worker';

const workersByAlgorithm: Record<string, new () => Worker> = {
  'PBKDF2/SHA-256': Pbkdf2Worker,
  'PBKDF2/SHA-384': Pbkdf2Worker,
  'PBKDF2/SHA-512': Pbkdf2Worker,
  'SHA-256': ShaWorker,
  'SHA-384': ShaWorker,
  'SHA-512': ShaWorker,
  ARGON2ID: Argon2idWorker,
  SCRYPT: ScryptWorker,
};

for (const [algorithm, WorkerClass] of Object.entries(workersByAlgorithm)) {
  $altcha.algorithms.set(algorithm, () => new WorkerClass());
}
