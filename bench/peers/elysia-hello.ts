// The cold-start and idle-memory reference: an Elysia hello-world, compiled by the benchmark like Toolyard is.
import { Elysia } from 'elysia'

const app = new Elysia().get('/', () => 'hello').listen({ hostname: '127.0.0.1', port: Number(process.env.PORT ?? 0) })
console.log(`PORT ${app.server?.port}`)
