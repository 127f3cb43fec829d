#!/bin/sh
# A 2026-07-28 MCP server over stdio that answers server/discover, then answers a call with a
# resultType no revision defines: what `grex mcp call` must refuse as a protocol error (exit 6).
read -r line
printf '%s\n' '{"jsonrpc":"2.0","id":1,"result":{"resultType":"complete","supportedVersions":["2026-07-28"],"capabilities":{"tools":{}},"ttlMs":0,"cacheScope":"private","_meta":{"io.modelcontextprotocol/serverInfo":{"name":"odd","version":"0.0.1"}}}}'
read -r line
printf '%s\n' '{"jsonrpc":"2.0","id":2,"result":{"resultType":"maybe_later","content":[]}}'
read -r line
