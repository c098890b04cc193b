// The operator's file of local servers (TOOLYARD_LOCAL_SERVERS) checked at start: `serve` refuses a bad one with
// exit 2 and a message naming the variable and the field, as for every other setting.
import { expect, test } from 'bun:test'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { runCli, tempDirs } from '../helpers/app'

const newDir = tempDirs('toolyard-local-file-')

test.each([
  [
    'a server without a command',
    JSON.stringify({ servers: [{ name: 'x', args: ['-c', 'true'] }] }),
    'servers[0].command',
  ],
  [
    'a YAML file with an unknown field',
    'servers:\n  - name: x\n    command: sh\n    shell: true\n',
    'servers[0].shell',
  ],
])('%s refuses the start (exit 2) naming the field', async (_what, text, field) => {
  const dir = newDir()
  const file = join(dir, 'local-servers.yaml')
  writeFileSync(file, text)
  const r = await runCli(['serve', '--port', '0'], dir, { TOOLYARD_LOCAL_SERVERS: file })
  expect(r.code).toBe(2)
  expect(r.stderr + r.stdout).toContain('TOOLYARD_LOCAL_SERVERS')
  expect(r.stderr + r.stdout).toContain(field)
})
