// `toolyard apply` (the CLI, a child process) refuses a credential under an MCP transport header (Mcp-*), naming the
// field, and applies nothing; the HTTP routes' refusals are in credential-header-names.test.ts.
import { describe, expect, test } from 'bun:test'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { runCli, tempDirs } from '../helpers/app'

describe('toolyard apply', () => {
  const newDir = tempDirs('toolyard-header-names-')
  test('a remote toolkit whose auth header is Mcp-Session-Id is refused naming the field; nothing is applied', async () => {
    const dir = newDir()
    const file = join(dir, 'toolyard.yaml')
    writeFileSync(
      file,
      [
        'project: headers',
        'toolkits:',
        '  - name: upstream',
        '    toolkit_type: remote',
        '    remote:',
        '      url: http://127.0.0.1:9/mcp',
        '      auth: {type: header, header_name: Mcp-Session-Id, credential_provider: api_key}',
        '',
      ].join('\n'),
    )
    const r = await runCli(['apply', '-f', file], join(dir, 'data'))
    expect(r.code).toBe(2)
    expect(r.stderr).toContain('auth.header_name')
    expect(r.stderr).toContain('Mcp-*')
  }, 30_000)
})
