#!/bin/sh
# An MCP server over stdio that answers initialize, then exits in the middle of the first
# request after it: what `grex mcp` must report as a clear protocol error (exit 6).
read -r line
printf '%s\n' '{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-06-18","capabilities":{"tools":{}},"serverInfo":{"name":"dying","version":"0.0.1"}}}'
read -r line # notifications/initialized
read -r line # the call it never answers
echo "dying-server: giving up in the middle of a call" >&2
exit 3
