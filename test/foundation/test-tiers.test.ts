// The test tiers are chosen by where a file lives and how it is named (docs/decisions.md, "Test tiers"): unit tests
// beside the code in src/ start nothing, test/**/*.test.ts run the app in this process, and test/**/*.e2e.test.ts
// start child processes (the CLI, `serve`, the compiled binary, conformance suites, mcp-remote). A file that starts a
// child without the .e2e name would slow `npm run test:int`; one named .e2e that starts none would hide from it.
import { describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { ROOT } from '../helpers/app'

/** What starts a child process in a test: the CLI helpers, mcp-remote, a real upstream MCP server, or a conformance suite's entry point. */
const CHILD =
  /\b(runCli|startServe|startInstances|startMcpRemote|startRealUpstream|runSuite)\(|node_modules\/conformance-next\//
/** What starts the whole app (in this process) or reaches for the test helpers that do. */
const APP = /helpers\/app|\bstartServer\(|\bBun\.spawn/

const files = (pattern: string) => [...new Bun.Glob(pattern).scanSync({ cwd: ROOT })].sort()
const source = (path: string) => readFileSync(join(ROOT, path), 'utf8')

describe('test tiers', () => {
  test('a file in test/ starts a child process exactly when it is named *.e2e.test.ts', () => {
    const all = files('test/**/*.test.ts')
    expect(all.length).toBeGreaterThan(50)
    const misnamed = all.filter((f) => CHILD.test(source(f)) !== f.endsWith('.e2e.test.ts'))
    expect(misnamed).toEqual([])
  })

  test('unit tests beside the code in src/ start neither the app nor a child process', () => {
    const unit = files('src/**/*.test.ts')
    expect(unit.length).toBeGreaterThan(0)
    expect(unit.filter((f) => APP.test(source(f)) || CHILD.test(source(f)))).toEqual([])
  })
})
