-- wrk script: POSTs the bodies of BENCH_BODIES (a file, one JSON body per line) in turn, with the headers of
-- BENCH_HEADERS (a file, one "name: value" per line); prints one WRK {json} line with the figures at the end.
-- With BENCH_TARGETS (ports on 127.0.0.1, comma-separated) each wrk thread is bound to the next port in turn: run with
-- as many threads as ports, and the connections are spread evenly over the instances with no proxy in between.
local function lines(path)
  local out = {}
  for line in io.lines(path) do
    if #line > 0 then out[#out + 1] = line end
  end
  return out
end

local bodies = lines(os.getenv("BENCH_BODIES"))
local headers = {}
for _, line in ipairs(lines(os.getenv("BENCH_HEADERS"))) do
  local name, value = line:match("^([^:]+):%s*(.*)$")
  headers[name] = value
end

local targets = os.getenv("BENCH_TARGETS")
if targets and #targets > 0 then
  local next_target = 0
  setup = function(thread)
    local ports = {}
    for port in targets:gmatch("%d+") do ports[#ports + 1] = port end
    next_target = next_target % #ports + 1
    thread.addr = wrk.lookup("127.0.0.1", ports[next_target])[1]
  end
end

local i = 0
request = function()
  i = i % #bodies + 1
  return wrk.format("POST", nil, headers, bodies[i])
end

done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'WRK {"requests":%d,"duration_us":%d,"non2xx":%d,"socket_errors":%d,"p50_us":%d,"p99_us":%d}\n',
    summary.requests, summary.duration, e.status, e.connect + e.read + e.write + e.timeout,
    latency:percentile(50), latency:percentile(99)))
end
