// `apply` refuses a project file whose tool names a function that neither the file nor the project has (the REST side:
// test/tools/function-names.test.ts).
import { describe, expect, test } from 'bun:test'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { runCli, tempDirs } from '../helpers/app'

describe('apply', () => {
  const newDir = tempDirs('toolyard-function-names-')

  test('a project file whose tool names a missing function is refused naming it; nothing is written', async () => {
    const dir = newDir()
    const file = join(dir, 'toolyard.yaml')
    writeFileSync(
      file,
      `project: names
functions:
  - name: present
    runtime: javascript
    code: "export default async () => 1"
toolkits:
  - name: kit
    tools:
      - name: fine
        function_name: present
      - name: broken
        function_name: missing
`,
    )
    const r = await runCli(['apply', '-f', file], newDir())
    expect(r.code).not.toBe(0)
    expect(r.stderr).toContain('tool kit/broken')
    expect(r.stderr).toContain('function_name')
    expect(r.stderr).toContain('no function named "missing"')
    expect(r.stdout).not.toContain('created')
  }, 60_000)
})
