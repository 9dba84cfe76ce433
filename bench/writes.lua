-- wrk script of the write benchmark: `-- post`, or `-- patch|delete lo-hi lo-hi ...`, the ranges
-- of ids of records this run may use. POST sends a new valid item each time. PATCH and DELETE
-- give each request a record of its own, never used before: a PATCH sends If-Match "v1" (every
-- record handed to it is fresh, at version 1) and renames it. Ids run out: the thread stops and
-- says so (the runner then runs again with more); `done` reports how many ids were sent, and the
-- answers that were not a 2xx by status, so that a failed run says what failed.

sent = 0
exhausted = false
refused = ""
local statuses = {}
local mode
local ranges = {}
local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  mode = args[1]
  for i = 2, #args do
    local lo, hi = args[i]:match("^(%d+)-(%d+)$")
    table.insert(ranges, { tonumber(lo), tonumber(hi) })
  end
end

local function nextId()
  while #ranges > 0 do
    local range = ranges[1]
    if range[1] <= range[2] then
      range[1] = range[1] + 1
      return range[1] - 1
    end
    table.remove(ranges, 1)
  end
end

local created = { ["content-type"] = "application/json" }
local patched = { ["content-type"] = "application/merge-patch+json", ["if-match"] = '"v1"' }

function request()
  if mode == "post" then
    sent = sent + 1
    local body = string.format('{"name":"w%d","state":"internal","yearOfBirth":%d}', sent, 1950 + sent % 60)
    return wrk.format("POST", wrk.path, created, body)
  end
  local id = nextId()
  if id == nil then
    exhausted = true
    wrk.thread:stop()
    return wrk.format("GET", wrk.path)
  end
  sent = sent + 1
  local path = string.format("%s/%d", wrk.path, id)
  if mode == "patch" then
    return wrk.format("PATCH", path, patched, string.format('{"name":"p%d"}', id))
  end
  return wrk.format("DELETE", path)
end

function response(status)
  if status < 200 or status > 299 then
    statuses[status] = (statuses[status] or 0) + 1
    refused = ""
    for code, n in pairs(statuses) do
      refused = refused .. string.format(" %d x %d", n, code)
    end
  end
end

function done()
  for _, thread in ipairs(threads) do
    io.write(string.format("ids sent: %d, exhausted: %s\n", thread:get("sent"), tostring(thread:get("exhausted"))))
    io.write(string.format("not 2xx:%s\n", thread:get("refused")))
  end
end
