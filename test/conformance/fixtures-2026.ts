// The fixtures the 2026-07-28 scenarios of the conformance suite (0.2.0-alpha.12) add: tools whose functions use
// MRTR (ctx.elicit/sample/listRoots with keys), declared client-capability requirements, list-change hooks and a
// mirrored header argument. Created after the 0.1.16 fixtures, so test_simple_text stays the first tool listed.
import type { ToolFixture } from './provision'

const js = (body: string) => `export default async (input, ctx) => {\n${body}\n}`

const E = { type: 'object', properties: {} }
const schema = (props: Record<string, string>, required = Object.keys(props)) =>
  JSON.stringify({
    type: 'object',
    properties: Object.fromEntries(Object.entries(props).map(([k, type]) => [k, { type }])),
    required,
  })
const NAME = schema({ name: 'string' })
const OK = schema({ ok: 'boolean' })
const ask = (text: string, maxTokens: number) =>
  `{ messages: [{ role: 'user', content: { type: 'text', text: ${JSON.stringify(text)} } }], maxTokens: ${maxTokens} }`

export const TOOLS_2026: ToolFixture[] = [
  {
    name: 'test_missing_capability',
    description: 'Needs the sampling capability (declared on the tool)',
    input_schema: E,
    code: js(`await ctx.sample(${ask('capability probe', 10)}, { key: 'probe' })
return 'Success'`),
    extra: { required_client_capabilities: { sampling: {} } },
  },
  {
    name: 'test_streaming_elicitation',
    description: 'Elicits through an input-required result, never a request on the stream',
    input_schema: E,
    code: js(`const r = await ctx.elicit({ message: 'Streaming elicitation probe', requestedSchema: ${OK} }, { key: 'probe' })
return 'Streaming complete: action=' + r.action`),
  },
  {
    name: 'test_logging_tool',
    description: 'Logs once; the log reaches only clients that asked for a log level',
    input_schema: E,
    code: js(`ctx.log('info', 'Diagnostic trace logging activated')
return 'Logging evaluated'`),
  },
  {
    name: 'test_trigger_tool_change',
    description: "Announces a change of the server's tool list",
    input_schema: E,
    code: js(`ctx.notifyListChanged('tools')
return 'tools list changed'`),
  },
  {
    name: 'test_trigger_prompt_change',
    description: "Announces a change of the server's prompt list",
    input_schema: E,
    code: js(`ctx.notifyListChanged('prompts')
return 'prompts list changed'`),
  },
  {
    name: 'test_input_required_result_elicitation',
    description: 'Asks for the user name (MRTR elicitation, key user_name)',
    input_schema: E,
    code: js(`const r = await ctx.elicit({ message: 'What is your name?', requestedSchema: ${NAME} }, { key: 'user_name' })
return 'Hello, ' + (r.content && r.content.name) + '!'`),
  },
  {
    name: 'test_input_required_result_sampling',
    description: 'Asks the client LLM (MRTR sampling, key capital_question)',
    input_schema: E,
    code: js(`const r = await ctx.sample(${ask('What is the capital of France?', 100)}, { key: 'capital_question' })
return 'Sampling result: ' + (r.content && r.content.text)`),
  },
  {
    name: 'test_input_required_result_list_roots',
    description: "Asks for the client's roots (MRTR roots/list, key client_roots)",
    input_schema: E,
    code: js(`const r = await ctx.listRoots({ key: 'client_roots' })
return 'Found ' + ((r && r.roots) || []).length + ' root(s)'`),
  },
  {
    name: 'test_input_required_result_request_state',
    description: 'Asks for a confirmation carried through requestState',
    input_schema: E,
    code: js(`const r = await ctx.elicit({ message: 'Please confirm', requestedSchema: ${OK} }, { key: 'confirm' })
return 'state-ok: requestState validated (ok=' + (r.content && r.content.ok) + ')'`),
  },
  {
    name: 'test_input_required_result_multiple_inputs',
    description: 'Asks for three inputs at once',
    input_schema: E,
    code: js(`const [u, g, roots] = await Promise.all([
  ctx.elicit({ message: 'What is your name?', requestedSchema: ${NAME} }, { key: 'user_name' }),
  ctx.sample(${ask('Generate a greeting', 50)}, { key: 'greeting' }),
  ctx.listRoots({ key: 'client_roots' }),
])
return 'Name: ' + (u.content && u.content.name) + '; Greeting: ' + (g.content && g.content.text) + '; Roots: ' + ((roots && roots.roots) || []).length`),
  },
  {
    name: 'test_input_required_result_multi_round',
    description: 'Asks two questions, one round each',
    input_schema: E,
    code: js(`const a = await ctx.elicit({ message: 'Step 1: What is your name?', requestedSchema: ${NAME} }, { key: 'step1' })
const b = await ctx.elicit({ message: 'Step 2: What is your favorite color?', requestedSchema: ${schema({ color: 'string' })} }, { key: 'step2' })
return 'Multi-round complete for ' + (a.content && a.content.name) + ' who likes ' + (b.content && b.content.color)`),
  },
  {
    name: 'test_input_required_result_tampered_state',
    description: 'Asks for a confirmation; a tampered requestState is refused',
    input_schema: E,
    code: js(`await ctx.elicit({ message: 'Please confirm', requestedSchema: ${OK} }, { key: 'confirm' })
return 'integrity-ok: state verified'`),
  },
  {
    name: 'test_input_required_result_capabilities',
    description: 'Asks only through the capabilities the client declared',
    input_schema: E,
    code: js(`const asks = []
if (ctx.elicit) asks.push(ctx.elicit({ message: 'Elicitation input', requestedSchema: ${schema({ value: 'string' })} }, { key: 'elicit_input' }))
if (ctx.sample) asks.push(ctx.sample(${ask('Sample request', 50)}, { key: 'sample_input' }))
if (asks.length === 0) return 'No supported capabilities declared'
const rs = await Promise.all(asks)
return 'capabilities-ok: received ' + rs.length`),
  },
  {
    name: 'test_custom_headers',
    description: 'Mirrors its region argument into the Mcp-Param-Region header',
    input_schema: {
      type: 'object',
      properties: {
        region: { type: 'string', description: 'Mirrored into Mcp-Param-Region', 'x-mcp-header': 'Region' },
      },
      required: ['region'],
    },
    code: js(`return 'region=' + input.region`),
  },
  // The tasks extension (unscored scenarios): tools that may or must run as tasks.
  {
    name: 'greet',
    description: 'Greets synchronously',
    input_schema: JSON.parse(NAME),
    code: js(`return 'Hello, ' + input.name + '!'`),
  },
  {
    name: 'slow_compute',
    description: 'Sleeps for the given seconds; may run as a task',
    input_schema: {
      type: 'object',
      properties: { seconds: { type: 'number' }, label: { type: 'string' } },
      required: ['seconds'],
    },
    // A quarter of a real second per "second": the suite asks for 1-2 s runs to see a task while it works and after it
    // finishes, which 250-500 ms shows as well (an optional-task call becomes a task at once, however short), and a
    // 60 s run it cancels (15 s here). The suite's waits for a task (200 ms polls, 10 s limit) are unchanged.
    code: js(`await ctx.sleep(Math.max(0, Number(input.seconds) || 0) * 250)
return 'slow_compute ' + (input.label || '') + ' done after ' + input.seconds + 's'`),
    extra: { task_support: 'optional' },
  },
  {
    name: 'failing_job',
    description: 'Always fails; runs only as a task',
    input_schema: E,
    code: js(`throw new Error('failing_job: intentional tool execution error')`),
    extra: { task_support: 'required' },
  },
  {
    name: 'protocol_error_job',
    description: 'Ends with a JSON-RPC error (ctx.fail); may run as a task',
    input_schema: E,
    code: js(`ctx.fail(-32603, 'protocol_error_job: intentional protocol error')`),
    extra: { task_support: 'optional' },
  },
  {
    name: 'confirm_delete',
    description: 'Asks before deleting; may run as a task',
    input_schema: { type: 'object', properties: { filename: { type: 'string' } }, required: ['filename'] },
    code: js(`const r = await ctx.elicit({ message: 'Delete ' + input.filename + '?', requestedSchema: ${schema({ confirm: 'boolean' })} })
return r.action === 'accept' && r.content && r.content.confirm ? 'Deleted ' + input.filename : 'Kept ' + input.filename`),
    extra: { task_support: 'optional' },
  },
  {
    name: 'multi_input',
    description: 'Asks two questions at once; may run as a task',
    input_schema: E,
    code: js(`const s = ${schema({ name: 'string', confirm: 'boolean' }, [])}
const [a, b] = await Promise.all([
  ctx.elicit({ message: 'First input', requestedSchema: s }),
  ctx.elicit({ message: 'Second input', requestedSchema: s }),
])
return 'Got ' + (a.content && a.content.name) + ' and ' + (b.content && b.content.name)`),
    extra: { task_support: 'optional' },
  },
  {
    name: 'test_tool_with_task',
    description: 'Asks for a name, then finishes as a task',
    input_schema: E,
    code: js(`const r = await ctx.elicit({ message: 'What is your name?', requestedSchema: ${NAME} }, { key: 'user_name' })
return 'Task finished for ' + (r.content && r.content.name)`),
    extra: { task_support: 'required' },
  },
]

/** Prompts rendered by a function: this one asks for context first (MRTR on prompts/get). */
export const PROMPT_FUNCTIONS_2026 = [
  {
    name: 'test_input_required_result_prompt',
    description: 'A prompt that asks the user for context before rendering',
    code: js(`const r = await ctx.elicit({ message: 'What context should the prompt use?', requestedSchema: ${schema({ context: 'string' })} }, { key: 'user_context' })
return { messages: [{ role: 'user', content: { type: 'text', text: 'Prompt with context: ' + (r.content && r.content.context) } }] }`),
  },
]
