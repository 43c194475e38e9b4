/**
 * Files this process creates (the SQLite database, its WAL and shared-memory
 * files, backups, logs) are readable by their owner only: the umask decides at
 * creation, so no file is ever world-readable, not even for a moment. Call it
 * first, before anything opens a file.
 */
export function ownerOnlyFiles(): void {
  process.umask(0o077)
}
