// Lets TypeScript accept `import sql from './x.sql' with { type: 'text' }` (Bun embeds the text).
declare module '*.sql' {
  const text: string
  export default text
}
