-- wrk script: every connection revalidates with the last ETag it was sent, as a poller
-- (load balancer, Prometheus) that keeps its last answer does. Counts 304s.
local etag = nil
n304 = 0
local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

function request()
  if etag then
    return wrk.format(nil, nil, { ["If-None-Match"] = etag })
  end
  return wrk.format()
end

function response(status, headers, body)
  if status == 304 then n304 = n304 + 1 end
  local e = headers["ETag"] or headers["etag"]
  if e then etag = e end
end

function done(summary, latency, requests)
  local total = 0
  for _, t in ipairs(threads) do total = total + (t:get("n304") or 0) end
  io.write(string.format("304 responses: %d of %d\n", total, summary.requests))
end
