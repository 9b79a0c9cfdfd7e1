import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs'
import path from 'node:path'

export class DatabaseLockedError extends Error {}

export interface DirectoryLock {
  release(): void
}

/**
 * PGlite does not lock its directory, and two processes on one directory lose data (DESIGN.md). A lock file
 * holding our pid guards it; a lock left by a process that no longer exists is taken over.
 */
export function acquireDirectoryLock(dir: string): DirectoryLock {
  mkdirSync(dir, { recursive: true })
  const file = path.join(path.dirname(dir), `${path.basename(dir)}.lock`)
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx')
      writeSync(fd, String(process.pid))
      closeSync(fd)
      let released = false
      return {
        release() {
          if (released) return
          released = true
          try {
            unlinkSync(file)
          } catch {
            // Already gone: nothing to release.
          }
        },
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const owner = Number(readFileSync(file, 'utf8'))
      if (owner && isAlive(owner)) {
        throw new DatabaseLockedError(
          `The embedded database in ${dir} is in use by another process (pid ${owner}). ` +
            'Stop that process first, or set DATABASE_URL to use PostgreSQL.',
        )
      }
      unlinkSync(file)
    }
  }
  throw new DatabaseLockedError(`Could not lock the embedded database in ${dir}`)
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}
