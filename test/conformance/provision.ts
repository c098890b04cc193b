// Provisions, through Toolyard's REST API only, one public server with every fixture the official conformance
// suite's server scenarios expect: tools backed by JavaScript functions, resources, a
// function-backed template, prompts and completion values.
import { PROMPT_FUNCTIONS_2026, TOOLS_2026 } from './fixtures-2026'

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg=='
const WAV = 'UklGRiYAAABXQVZFZm10IBAAAAABAAEAQB8AAAB9AAACABAAZGF0YQIAAAA='

const NO_ARGS = { type: 'object', properties: {} }

export interface ToolFixture {
  name: string
  description: string
  input_schema: Record<string, unknown>
  code: string
  /** Further REST fields of the tool (e.g. required_client_capabilities). */
  extra?: Record<string, unknown>
}

const js = (body: string) => `export default async (input, ctx) => {\n${body}\n}`
const content = (items: unknown[]) => js(`return { content: ${JSON.stringify(items)} }`)

const TOOLS: ToolFixture[] = [
  {
    name: 'test_simple_text',
    description: 'Returns a simple text response',
    input_schema: NO_ARGS,
    code: js(`return 'This is a simple text response for testing.'`),
  },
  {
    name: 'test_image_content',
    description: 'Returns an image',
    input_schema: NO_ARGS,
    code: content([{ type: 'image', data: PNG, mimeType: 'image/png' }]),
  },
  {
    name: 'test_audio_content',
    description: 'Returns audio',
    input_schema: NO_ARGS,
    code: content([{ type: 'audio', data: WAV, mimeType: 'audio/wav' }]),
  },
  {
    name: 'test_embedded_resource',
    description: 'Returns an embedded resource',
    input_schema: NO_ARGS,
    code: content([
      {
        type: 'resource',
        resource: {
          uri: 'test://embedded-resource',
          mimeType: 'text/plain',
          text: 'This is an embedded resource content.',
        },
      },
    ]),
  },
  {
    name: 'test_multiple_content_types',
    description: 'Returns text, image and resource content',
    input_schema: NO_ARGS,
    code: content([
      { type: 'text', text: 'Multiple content types test:' },
      { type: 'image', data: PNG, mimeType: 'image/png' },
      {
        type: 'resource',
        resource: {
          uri: 'test://mixed-content-resource',
          mimeType: 'application/json',
          text: '{"test":"data","value":123}',
        },
      },
    ]),
  },
  {
    name: 'test_tool_with_logging',
    description: 'Sends three log messages while running',
    input_schema: NO_ARGS,
    code: js(`ctx.log('info', 'Tool execution started')
ctx.log('info', 'Tool processing data')
ctx.log('info', 'Tool execution completed')
return 'Logging test completed'`),
  },
  {
    name: 'test_tool_with_progress',
    description: 'Reports progress three times',
    input_schema: NO_ARGS,
    code: js(`ctx.progress(0, 100, 'Starting')
ctx.progress(50, 100, 'Halfway')
ctx.progress(100, 100, 'Done')
return 'Progress test completed'`),
  },
  {
    name: 'test_error_handling',
    description: 'Always returns a tool error',
    input_schema: NO_ARGS,
    code: js(
      `return { isError: true, content: [{ type: 'text', text: 'This tool intentionally returns an error for testing' }] }`,
    ),
  },
  {
    name: 'test_sampling',
    description: 'Asks the client LLM through sampling/createMessage',
    input_schema: {
      type: 'object',
      properties: { prompt: { type: 'string', description: 'The prompt to send' } },
      required: ['prompt'],
    },
    code: js(`const r = await ctx.sample({ messages: [{ role: 'user', content: { type: 'text', text: input.prompt } }], maxTokens: 100 })
return 'LLM response: ' + (r.content && r.content.text)`),
  },
  {
    name: 'test_elicitation',
    description: 'Asks the user through elicitation/create',
    input_schema: {
      type: 'object',
      properties: { message: { type: 'string', description: 'The message to show' } },
      required: ['message'],
    },
    code: js(`const r = await ctx.elicit({ message: input.message, requestedSchema: { type: 'object', properties: {
  username: { type: 'string', description: "User's response" },
  email: { type: 'string', description: "User's email address" } }, required: ['username', 'email'] } })
return 'User response: action=' + r.action + ', content=' + JSON.stringify(r.content || {})`),
  },
  {
    name: 'test_elicitation_sep1034_defaults',
    description: 'Elicitation with default values (SEP-1034)',
    input_schema: NO_ARGS,
    code: js(`const r = await ctx.elicit({ message: 'Please review and update the form fields with defaults', requestedSchema: { type: 'object', properties: {
  name: { type: 'string', description: 'User name', default: 'John Doe' },
  age: { type: 'integer', description: 'User age', default: 30 },
  score: { type: 'number', description: 'User score', default: 95.5 },
  status: { type: 'string', description: 'User status', enum: ['active', 'inactive', 'pending'], default: 'active' },
  verified: { type: 'boolean', description: 'Verification status', default: true } } } })
return 'Elicitation completed: action=' + r.action + ', content=' + JSON.stringify(r.content || {})`),
  },
  {
    name: 'test_elicitation_sep1330_enums',
    description: 'Elicitation with every enum variant (SEP-1330)',
    input_schema: NO_ARGS,
    code: js(`const r = await ctx.elicit({ message: 'Please select options from the enum fields', requestedSchema: { type: 'object', properties: {
  untitledSingle: { type: 'string', description: 'Select one option', enum: ['option1', 'option2', 'option3'] },
  titledSingle: { type: 'string', description: 'Select one option with titles', oneOf: [
    { const: 'value1', title: 'First Option' }, { const: 'value2', title: 'Second Option' }, { const: 'value3', title: 'Third Option' }] },
  legacyEnum: { type: 'string', description: 'Select one option (legacy)', enum: ['opt1', 'opt2', 'opt3'], enumNames: ['Option One', 'Option Two', 'Option Three'] },
  untitledMulti: { type: 'array', description: 'Select multiple options', minItems: 1, maxItems: 3, items: { type: 'string', enum: ['option1', 'option2', 'option3'] } },
  titledMulti: { type: 'array', description: 'Select multiple options with titles', minItems: 1, maxItems: 3, items: { anyOf: [
    { const: 'value1', title: 'First Choice' }, { const: 'value2', title: 'Second Choice' }, { const: 'value3', title: 'Third Choice' }] } } } } })
return 'Elicitation completed: action=' + r.action + ', content=' + JSON.stringify(r.content || {})`),
  },
  {
    name: 'json_schema_2020_12_tool',
    description: 'Tool whose input schema uses JSON Schema 2020-12 features',
    input_schema: {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      $defs: {
        address: {
          $anchor: 'addressDef',
          type: 'object',
          properties: { street: { type: 'string' }, city: { type: 'string' } },
        },
      },
      properties: {
        name: { type: 'string' },
        address: { $ref: '#/$defs/address' },
        contactMethod: { type: 'string', enum: ['phone', 'email'] },
        phone: { type: 'string' },
        email: { type: 'string' },
      },
      allOf: [{ anyOf: [{ required: ['phone'] }, { required: ['email'] }] }],
      if: { properties: { contactMethod: { const: 'phone' } }, required: ['contactMethod'] },
      // biome-ignore lint/suspicious/noThenProperty: a JSON Schema keyword, not a thenable
      then: { required: ['phone'] },
      else: { required: ['email'] },
      additionalProperties: false,
    },
    code: js(`return 'Hello ' + (input.name || 'there')`),
  },
  {
    name: 'test_reconnection',
    description: 'Completes normally (SSE polling scenario)',
    input_schema: NO_ARGS,
    code: js(`return 'Reconnection test completed successfully'`),
  },
]

export interface Provisioned {
  slug: string
  url: string
  serverId: string
}

/** Creates the fixture server; `base` is `http://host:port/mcp`. Throws naming the step that failed. */
export async function provisionConformanceServer(
  base: string,
  apiKey: string,
  name = 'conformance',
): Promise<Provisioned> {
  const call = async (path: string, body: unknown): Promise<any> => {
    const res = await fetch(base + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
      body: JSON.stringify(body),
    })
    if (res.status !== 201 && res.status !== 200)
      throw new Error(`POST ${path} failed: ${res.status} ${await res.text()}`)
    return res.json()
  }

  const toolkit = await call('/toolkits', {
    name: `${name}-tools`,
    description: 'Fixtures of the MCP conformance suite',
  })
  for (const t of [...TOOLS, ...TOOLS_2026]) {
    const fn = `${name}.${t.name}`
    await call('/functions', { name: fn, runtime: 'javascript', code: t.code })
    await call('/tools', {
      toolkit_id: toolkit.id,
      name: t.name,
      description: t.description,
      function_name: fn,
      input_schema: t.input_schema,
      ...t.extra,
    })
  }
  const server = (
    await call('/servers', {
      name,
      auth: 'none',
      description: 'MCP conformance fixture',
      toolkits: [{ toolkit_id: toolkit.id }],
    })
  ).data

  const resource = (body: Record<string, unknown>) => call('/resources', { server_id: server.id, ...body })
  await resource({
    name: 'static-text',
    uri: 'test://static-text',
    resource_type: 'static',
    mime_type: 'text/plain',
    description: 'A static text resource',
    content: 'This is the content of the static text resource.',
  })
  await resource({
    name: 'static-binary',
    uri: 'test://static-binary',
    resource_type: 'static',
    mime_type: 'image/png',
    description: 'A static binary resource',
    blob: PNG,
  })
  await resource({
    name: 'watched-resource',
    uri: 'test://watched-resource',
    resource_type: 'static',
    mime_type: 'text/plain',
    description: 'A resource to subscribe to',
    content: 'Watched resource content',
  })
  const templateFn = `${name}.template_data`
  await call('/functions', {
    name: templateFn,
    runtime: 'javascript',
    code: js(`const id = input.params.id
return JSON.stringify({ id, templateTest: true, data: 'Data for ID: ' + id })`),
  })
  await resource({
    name: 'template-data',
    uri: 'test://template/{id}/data',
    resource_type: 'dynamic',
    mime_type: 'application/json',
    description: 'A resource template',
    function_name: templateFn,
  })

  const prompt = (body: Record<string, unknown>) => call('/prompts', { server_id: server.id, ...body })
  await prompt({
    name: 'test_simple_prompt',
    description: 'A simple prompt without arguments',
    template: 'This is a simple prompt for testing.',
  })
  await prompt({
    name: 'test_prompt_with_arguments',
    description: 'A prompt with two required arguments',
    arguments: [
      { name: 'arg1', description: 'First test argument', required: true, enum: ['test', 'testValue1', 'other'] },
      { name: 'arg2', description: 'Second test argument', required: true },
    ],
    template: "Prompt with arguments: arg1='{{arg1}}', arg2='{{arg2}}'",
  })
  await prompt({
    name: 'test_prompt_with_embedded_resource',
    description: 'A prompt with an embedded resource',
    arguments: [{ name: 'resourceUri', description: 'URI of the resource to embed', required: true }],
    messages: [
      {
        role: 'user',
        content: {
          type: 'resource',
          resource: { uri: '{{resourceUri}}', mimeType: 'text/plain', text: 'Embedded resource content for testing.' },
        },
      },
      { role: 'user', content: { type: 'text', text: 'Please process the embedded resource above.' } },
    ],
  })
  await prompt({
    name: 'test_prompt_with_image',
    description: 'A prompt with an image',
    messages: [
      { role: 'user', content: { type: 'image', data: PNG, mimeType: 'image/png' } },
      { role: 'user', content: { type: 'text', text: 'Please analyze the image above.' } },
    ],
  })
  for (const f of PROMPT_FUNCTIONS_2026) {
    const fn = `${name}.${f.name}`
    await call('/functions', { name: fn, runtime: 'javascript', code: f.code })
    await prompt({ name: f.name, description: f.description, function_name: fn, arguments: [] })
  }
  // Warms the sandbox: the suite times some first calls (600 ms), and a cold worker under load can take longer.
  await call('/tools/call', { name: 'test_simple_text', server_id: server.id })
  return { slug: server.slug, url: server.url, serverId: server.id }
}

// `bun test/conformance/provision.ts <base> <api key>` provisions a running instance by hand.
if (import.meta.main) {
  const [base, key] = process.argv.slice(2)
  if (!base || !key) {
    console.error('usage: bun test/conformance/provision.ts http://127.0.0.1:8080/mcp <api key>')
    process.exit(2)
  }
  console.log(JSON.stringify(await provisionConformanceServer(base, key)))
}
