// Preloaded by bunfig.toml: every test gets 30 s by default. bunfig's `[test] timeout` is not read by `bun test`
// (its default stays 5 s), and tests that start the CLI as child processes need longer on a loaded machine.
import { setDefaultTimeout } from 'bun:test'

setDefaultTimeout(30_000)
