-- wrk script of the webhook benchmark: POST /v1/zoos, each zoo named `<prefix> <n>` (the prefix is
-- the script's one argument), so that a receiver can tell the events of a round apart.

local prefix = "w"
local sent = 0
local headers = { ["content-type"] = "application/json" }

function init(args)
  prefix = args[1] or prefix
  -- wrk.format sends only the headers it is given: keep those of the command line (the token).
  for name, value in pairs(wrk.headers) do
    headers[name] = value
  end
end

function request()
  sent = sent + 1
  return wrk.format("POST", wrk.path, headers, string.format('{"name":"%s %d"}', prefix, sent))
end
