// The operator's file of local servers: each refusal names the field an operator must fix.
import { describe, expect, test } from 'bun:test'
import { LocalServersError, parseLocalServers } from './servers'

const refusal = (text: string) => {
  try {
    parseLocalServers(text)
  } catch (error) {
    expect(error).toBeInstanceOf(LocalServersError)
    return (error as Error).message
  }
  throw new Error('accepted')
}

describe('parseLocalServers', () => {
  test('YAML and JSON give the same servers, defaults filled in', () => {
    const yaml = parseLocalServers('servers:\n  - name: mem\n    command: npx\n    args: [-y, server-memory]\n')
    const json = parseLocalServers('{"servers": [{"name": "mem", "command": "npx", "args": ["-y", "server-memory"]}]}')
    expect(yaml).toEqual(json)
    expect(yaml[0]).toMatchObject({ env: {}, allow_network: false, memory_mb: 2048, cpu_s: 3600 })
  })

  test.each([
    ['{"servers": {}}', 'servers must be a list'],
    ['{"servers": [{"name": "a"}]}', 'servers[0].command'],
    ['{"servers": [{"name": "a b", "command": "x"}]}', 'servers[0].name'],
    ['{"servers": [{"name": "a", "command": "x", "args": [1]}]}', 'servers[0].args'],
    ['{"servers": [{"name": "a", "command": "x", "env": {"A": 1}}]}', 'servers[0].env.A'],
    ['{"servers": [{"name": "a", "command": "x", "allow_network": "yes"}]}', 'servers[0].allow_network'],
    ['{"servers": [{"name": "a", "command": "x", "memory_mb": 0}]}', 'servers[0].memory_mb'],
    ['{"servers": [{"name": "a", "command": "x", "shell": true}]}', 'servers[0].shell'],
    ['{"servers": [{"name": "a", "command": "x"}, {"name": "a", "command": "y"}]}', 'servers[1].name'],
    ['{"servers": [{"name": "a", "command": "x", "package": "server-memory"}]}', 'servers[0].package'],
    [
      '{"servers": [{"name": "a", "command": "x", "package": "npm:m"}, {"name": "b", "command": "y", "package": "npm:m"}]}',
      'servers[1].package',
    ],
    ['servers: [unclosed', 'neither JSON nor YAML'],
  ])('%s is refused naming %s', (text, field) => {
    expect(refusal(text)).toContain(field)
  })
})
