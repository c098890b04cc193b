// The command line of a local server's child: bubblewrap and prlimit around the operator's command when present.
import { describe, expect, test } from 'bun:test'
import { launchOf } from './sandbox'
import type { LocalServer } from './servers'

const server: LocalServer = {
  name: 'mem',
  command: 'npx',
  args: ['-y', 'server-memory'],
  env: { SECRETISH: 'kept-out-of-argv' },
  allow_network: false,
  memory_mb: 512,
  cpu_s: 60,
}
const both = { bwrap: '/usr/bin/bwrap', prlimit: '/usr/bin/prlimit' }

describe('launchOf', () => {
  test('under bwrap: read-only root, the data directory hidden, the scratch bound writable, no network', () => {
    const l = launchOf(server, '/data/local-scratch/k', ['/data'], both)
    expect(l.sandbox).toBe('bwrap')
    expect(l.command).toBe('/usr/bin/bwrap')
    const line = l.args.join(' ')
    expect(line).toStartWith('--ro-bind / / --dev /dev --proc /proc --tmpfs /data --bind /data/local-scratch/k')
    expect(l.args).toContain('--unshare-net')
    expect(l.args).toContain('--die-with-parent')
    expect(l.args).toContain('--unshare-pid')
    expect(line).toEndWith(
      `-- /usr/bin/prlimit --as=${512 * 1024 * 1024} --cpu=60 --nofile=1024 -- npx -y server-memory`,
    )
    // The environment goes to the child as its environment, never on a command line others can read.
    expect(line).not.toContain('kept-out-of-argv')
  })

  test('allow_network keeps the network', () => {
    expect(launchOf({ ...server, allow_network: true }, '/s', [], both).args).not.toContain('--unshare-net')
  })

  test('without bwrap the child runs unsandboxed (said so), still under prlimit', () => {
    const l = launchOf(server, '/s', ['/data'], { prlimit: '/usr/bin/prlimit' })
    expect(l.sandbox).toBe('off')
    expect([l.command, ...l.args]).toEqual([
      '/usr/bin/prlimit',
      `--as=${512 * 1024 * 1024}`,
      '--cpu=60',
      '--nofile=1024',
      '--',
      'npx',
      '-y',
      'server-memory',
    ])
  })

  test('with neither, the operator command as it is', () => {
    const l = launchOf(server, '/s', [], {})
    expect([l.command, ...l.args]).toEqual(['npx', '-y', 'server-memory'])
  })
})
