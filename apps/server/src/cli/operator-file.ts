import { chmodSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * The embedded database (PGlite) has one owner: the running server. `npm run jobs` asks it through POST
 * /operator/jobs, with the address and a random token the server writes here at start (readable by this machine's
 * user only) and removes when it stops.
 */
export type OperatorFile = { url: string; token: string; pid: number }

export const operatorFilePath = (dataDir: string) => join(dataDir, 'operator.json')

export function writeOperatorFile(dataDir: string, content: OperatorFile) {
  const path = operatorFilePath(dataDir)
  writeFileSync(path, JSON.stringify(content), { mode: 0o600 })
  chmodSync(path, 0o600)
}

export function readOperatorFile(dataDir: string): OperatorFile | null {
  const path = operatorFilePath(dataDir)
  if (!existsSync(path)) return null
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as OperatorFile
  } catch {
    return null
  }
}

export function removeOperatorFile(dataDir: string, pid = process.pid) {
  const found = readOperatorFile(dataDir)
  if (found && found.pid !== pid) return
  rmSync(operatorFilePath(dataDir), { force: true })
}

/** Whether the process that wrote the file still runs (a server killed hard leaves its file behind). */
export function isAlive(pid: number) {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}
