// A worker that answers every message with itself: the bare cost of one main thread ↔ worker round trip.
const port = self as unknown as { onmessage: (e: MessageEvent) => void; postMessage(data: unknown): void }
port.onmessage = (e) => port.postMessage(e.data)
