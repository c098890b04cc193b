// Types for the prom-client modules imported one by one (src/observability/metrics.ts says why): the package's own.
declare module 'prom-client/lib/registry' {
  import { Registry } from 'prom-client'
  export = Registry
}
declare module 'prom-client/lib/counter' {
  import { Counter } from 'prom-client'
  export = Counter
}
declare module 'prom-client/lib/gauge' {
  import { Gauge } from 'prom-client'
  export = Gauge
}
declare module 'prom-client/lib/histogram' {
  import { Histogram } from 'prom-client'
  export = Histogram
}
declare module 'prom-client/lib/defaultMetrics' {
  import { collectDefaultMetrics } from 'prom-client'
  export = collectDefaultMetrics
}
