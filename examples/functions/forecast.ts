// weather.forecast: a TypeScript tool calling an HTTP API (Open-Meteo) through the egress guard with fetch.
interface Input {
  latitude: number
  longitude: number
}

interface Daily {
  time: string[]
  temperature_2m_max: number[]
  temperature_2m_min: number[]
}

export default async ({ latitude, longitude }: Input) => {
  const url = new URL('https://api.open-meteo.com/v1/forecast')
  url.searchParams.set('latitude', String(latitude))
  url.searchParams.set('longitude', String(longitude))
  url.searchParams.set('daily', 'temperature_2m_max,temperature_2m_min')
  url.searchParams.set('forecast_days', '1')
  const res = await fetch(url.href)
  if (!res.ok) throw new Error(`Open-Meteo answered ${res.status}`)
  const { daily } = (await res.json()) as { daily: Daily }
  console.info(`forecast for ${latitude},${longitude}`)
  return { date: daily.time[0], min_c: daily.temperature_2m_min[0], max_c: daily.temperature_2m_max[0] }
}
