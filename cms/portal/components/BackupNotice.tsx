import type { BackupSummary } from '#shared/adminSummary'
import { formatClock } from '#shared/games'
import { AttentionNotice } from './AttentionNotice'

/** 46683 → "46 KB": enough to tell an empty archive from a full one. */
function size(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
}

/** Where a backup is, in words: its storage's address or the server's folder are the person running the server's. */
const kept = (location: string) => (/^[a-z][a-z0-9+.-]*:\/\//i.test(location) ? 'kept in the backup storage' : 'kept on the server')

/** An instant in the viewer's own clock: "Nov 26, 2026, 3:00 AM". */
const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })

/**
 * The last backup of the database and the uploads (docs/DEPLOY.md "Backups"), read as /healthz reads it: a quiet
 * line when all is well, a warning when the last scheduled one failed, when the S3 storage refused it (it was kept on
 * the server instead), or when none was written for two intervals. After a restore, which backup the data came from.
 */
export function BackupNotice({ backup }: { backup?: BackupSummary }) {
  if (!backup) return null
  const last = backup.last
    ? `Last backup: ${when(backup.last)}${backup.location ? `, ${kept(backup.location)}` : ''}${backup.bytes !== null ? ` (${size(backup.bytes)})` : ''}.`
    : 'No backup yet.'
  const at = `${formatClock(backup.atHour * 60)} (${backup.timeZone})`
  const schedule =
    backup.everyHours === 24
      ? `Backups run daily at ${at}.`
      : backup.everyHours > 0
        ? `Backups run every ${backup.everyHours} hours from ${at}.`
        : 'Automatic backups are off (BACKUP_EVERY_HOURS=0).'
  const restored = backup.restored ? ` The data was restored from ${backup.restored.name} on ${when(backup.restored.at)}.` : ''
  const problems = [
    backup.failedAt && `The last scheduled backup failed (${when(backup.failedAt)}): ${backup.failure ?? 'no reason given'}`,
    backup.storeFailure &&
      `The backup storage refused the last backup (${backup.storeFailure}). Backups are kept on this server meanwhile (data/backups, the last ${backup.keep}), where they do not survive the loss of the machine: check the storage's address and key (BACKUP_S3_…).`,
    backup.overdue && `Backups are overdue: none was written in two intervals. Check the server's log and its disk or storage.`,
  ].filter((problem): problem is string => Boolean(problem))
  if (problems.length === 0)
    return (
      <p className="mb-4 text-sm text-gray-700" data-testid="backup-status">
        {last} {schedule}
        {restored}
      </p>
    )
  return <AttentionNotice title="Backups" notes={[...problems, `${last} ${schedule}${restored}`]} testId="backup-status" />
}
