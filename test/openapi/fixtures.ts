// OpenAPI documents the tests import: one operation per parameter style, security schemes, a circular schema, and a
// generated document of many operations.

export function stylesDocument(server: string) {
  return {
    openapi: '3.1.0',
    info: { title: 'Styles API', version: '1.0.0' },
    servers: [{ url: `${server}/v1` }],
    components: {
      securitySchemes: {
        key: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
        queryKey: { type: 'apiKey', in: 'query', name: 'api_key' },
        bearer: { type: 'http', scheme: 'bearer' },
        basic: { type: 'http', scheme: 'basic' },
      },
      schemas: {
        Pet: {
          type: 'object',
          required: ['name'],
          properties: {
            name: { type: 'string' },
            tag: { type: 'string', nullable: true },
            owner: { $ref: '#/components/schemas/Person' },
          },
        },
        Person: { type: 'object', properties: { name: { type: 'string' } } },
      },
    },
    security: [{ key: [] }],
    paths: {
      '/pets/{petId}/photos/{photo}': {
        parameters: [{ name: 'petId', in: 'path', required: true, schema: { type: 'integer' } }],
        get: {
          operationId: 'getPhoto',
          tags: ['pets'],
          summary: 'One photo of a pet',
          parameters: [
            { name: 'photo', in: 'path', required: true, schema: { type: 'string' } },
            { name: 'X-Trace', in: 'header', schema: { type: 'array', items: { type: 'string' } } },
          ],
          responses: { '200': { description: 'ok' } },
        },
      },
      '/labels/{ids}/{obj}': {
        get: {
          operationId: 'labelMatrix',
          tags: ['styles'],
          parameters: [
            {
              name: 'ids',
              in: 'path',
              required: true,
              style: 'label',
              explode: true,
              schema: { type: 'array', items: { type: 'integer' } },
            },
            { name: 'obj', in: 'path', required: true, style: 'matrix', explode: false, schema: { type: 'object' } },
          ],
          responses: { '200': { description: 'ok' } },
        },
      },
      '/search': {
        get: {
          operationId: 'search',
          tags: ['styles'],
          parameters: [
            { name: 'q', in: 'query', required: true, schema: { type: 'string' } },
            { name: 'tags', in: 'query', schema: { type: 'array', items: { type: 'string' } } },
            { name: 'ids', in: 'query', explode: false, schema: { type: 'array', items: { type: 'integer' } } },
            {
              name: 'spaced',
              in: 'query',
              style: 'spaceDelimited',
              explode: false,
              schema: { type: 'array', items: { type: 'string' } },
            },
            {
              name: 'piped',
              in: 'query',
              style: 'pipeDelimited',
              explode: false,
              schema: { type: 'array', items: { type: 'string' } },
            },
            { name: 'filter', in: 'query', style: 'deepObject', explode: true, schema: { type: 'object' } },
            { name: 'point', in: 'query', schema: { type: 'object' } },
            { name: 'flat', in: 'query', explode: false, schema: { type: 'object' } },
            { name: 'session', in: 'cookie', schema: { type: 'string' } },
          ],
          responses: { '200': { description: 'ok' } },
        },
      },
      '/pets': {
        post: {
          operationId: 'createPet',
          tags: ['pets'],
          security: [{ bearer: [] }],
          requestBody: {
            required: true,
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } },
          },
          responses: { '201': { description: 'created' } },
        },
      },
      '/pets/{petId}': {
        delete: {
          operationId: 'deletePet',
          tags: ['pets'],
          security: [{ basic: [] }],
          parameters: [{ name: 'petId', in: 'path', required: true, schema: { type: 'string' } }],
          responses: { '204': { description: 'gone' } },
        },
        put: {
          tags: ['pets'],
          security: [{ queryKey: [] }],
          parameters: [{ name: 'petId', in: 'path', required: true, schema: { type: 'string' } }],
          requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } },
          responses: { '200': { description: 'ok' } },
        },
      },
      '/open': {
        get: { operationId: 'open', security: [], responses: { '200': { description: 'ok' } } },
      },
      '/fails': {
        get: { operationId: 'fails', security: [], responses: { '200': { description: 'ok' } } },
      },
    },
  }
}

export const circularDocument = {
  openapi: '3.0.3',
  info: { title: 'Tree', version: '1' },
  servers: [{ url: 'http://127.0.0.1:9/api' }],
  paths: {
    '/nodes': {
      post: {
        operationId: 'createNode',
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Node' } } },
        },
        responses: { '200': { description: 'ok' } },
      },
    },
  },
  components: {
    schemas: {
      Node: {
        type: 'object',
        properties: {
          name: { type: 'string' },
          children: { type: 'array', items: { $ref: '#/components/schemas/Node' } },
          parent: { $ref: '#/components/schemas/Parent' },
        },
      },
      Parent: { type: 'object', properties: { node: { $ref: '#/components/schemas/Node' } } },
    },
  },
}

/** A document of `n` operations spread over 10 tags (two methods per path). */
export function generatedDocument(n: number) {
  const paths: Record<string, Record<string, unknown>> = {}
  for (let i = 0; i < n; i++) {
    const path = `/resource${Math.floor(i / 2)}/{id}`
    const method = i % 2 === 0 ? 'get' : 'post'
    paths[path] ??= {}
    paths[path][method] = {
      operationId: `op${i}`,
      tags: [`tag${i % 10}`],
      summary: `Operation ${i}`,
      parameters: [
        { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
        { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1 } },
      ],
      ...(method === 'post'
        ? { requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Item' } } } } }
        : {}),
      responses: { '200': { description: 'ok' } },
    }
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Big', version: '1' },
    servers: [{ url: 'http://127.0.0.1:9' }],
    paths,
    components: { schemas: { Item: { type: 'object', properties: { name: { type: 'string' } } } } },
  }
}

/**
 * A fan-out `$ref` bomb of about 20 KB: `layers` layers of `width` schemas, each referring to every schema of the next
 * layer, used by `operations` operations. Followed through its `$ref`s it is width^layers nodes per operation.
 */
export function refBombDocument(layers = 8, width = 10, operations = 20) {
  const schemas: Record<string, unknown> = {}
  for (let l = 0; l < layers; l++)
    for (let i = 0; i < width; i++) {
      const properties: Record<string, unknown> = {}
      if (l + 1 < layers)
        for (let j = 0; j < width; j++) properties[`p${j}`] = { $ref: `#/components/schemas/s${l + 1}${j}` }
      else properties.leaf = { type: 'string' }
      schemas[`s${l}${i}`] = { type: 'object', properties }
    }
  const paths: Record<string, unknown> = {}
  for (let o = 0; o < operations; o++)
    paths[`/o${o}`] = {
      post: {
        operationId: `o${o}`,
        requestBody: { content: { 'application/json': { schema: { $ref: `#/components/schemas/s0${o % width}` } } } },
        responses: { '200': { description: 'ok' } },
      },
    }
  return {
    openapi: '3.1.0',
    info: { title: 'fan-out', version: '1' },
    servers: [{ url: 'http://127.0.0.1:9' }],
    paths,
    components: { schemas },
  }
}
