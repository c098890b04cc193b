// Files imported as text (`with { type: 'text' }`) so the compiled binary carries them.
declare module 'htmx.org/dist/htmx.min.js' {
  const text: string
  export default text
}
declare module 'uplot/dist/uPlot.iife.min.js' {
  const text: string
  export default text
}
declare module 'uplot/dist/uPlot.min.css' {
  const text: string
  export default text
}

// The catalog's OpenAPI documents (src/catalog/openapi), embedded as text like the migrations.
declare module '*.yaml' {
  const text: string
  export default text
}
