// src/ui/assets/dashboard.js is imported as text (embedded in the binary); this tells TypeScript so.
declare const text: string
export default text
