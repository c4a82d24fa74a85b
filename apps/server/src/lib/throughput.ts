/**
 * Megabits per second from the bytes the server moved and the microseconds it
 * took (bits per microsecond), to 2 decimals: the one formula behind every
 * speed the API shows (completion, network statistics, receipt, history, nodes).
 */
export function megabitsPerSecond(bytes: number, elapsedUs: number): number {
  if (elapsedUs <= 0) return 0;
  return Math.round(((bytes * 8) / elapsedUs) * 100) / 100;
}

/** What the server measured of a test's two directions (null until measured). */
export interface MeasuredDirections {
  downloadBytes: number | null;
  downloadElapsedUs: number | null;
  uploadBytes: number | null;
  uploadElapsedUs: number | null;
}

/** A test's download and upload in Mbit/s; null for a direction never measured. */
export function speedsOf(test: MeasuredDirections): {
  download_mbps: number | null;
  upload_mbps: number | null;
} {
  const speed = (bytes: number | null, elapsedUs: number | null) =>
    bytes === null || elapsedUs === null ? null : megabitsPerSecond(bytes, elapsedUs);
  return {
    download_mbps: speed(test.downloadBytes, test.downloadElapsedUs),
    upload_mbps: speed(test.uploadBytes, test.uploadElapsedUs),
  };
}
