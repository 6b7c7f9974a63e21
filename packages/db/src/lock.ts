import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';

export interface DirectoryLock {
  release(): void;
}

export class DataDirectoryLockedError extends Error {
  constructor(
    readonly lockPath: string,
    readonly ownerPid: number,
  ) {
    super(`The data folder is in use by process ${ownerPid} (lock file ${lockPath}). Stop it first.`);
  }
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes an exclusive lock by creating `lockPath` with O_EXCL and writing our pid in it.
 * A lock left by a process that no longer runs (a crash, a kill -9) is taken over.
 */
export function acquireDirectoryLock(lockPath: string): DirectoryLock {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          try {
            unlinkSync(lockPath);
          } catch {
            // already gone: nothing to release
          }
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const ownerPid = Number.parseInt(readFileSync(lockPath, 'utf8'), 10);
      if (Number.isInteger(ownerPid) && processIsAlive(ownerPid)) {
        throw new DataDirectoryLockedError(lockPath, ownerPid);
      }
      unlinkSync(lockPath);
    }
  }
  throw new Error(`Could not take the lock ${lockPath}`);
}
