#include "errorkind.h"

#include <array>

namespace Grex {

namespace {

struct KindRow
{
    ErrorKind kind;
    const char16_t *wireName;
    int exitCode;
    int mcpCode;
    McpReply reply;
};

// The single table behind every exit code and MCP code grex produces (spec Appendix B).
constexpr std::array<KindRow, 10> kKinds{{
    {ErrorKind::Internal, u"internal", 1, -32603, McpReply::ProtocolError},
    {ErrorKind::Usage, u"usage", 2, -32602, McpReply::ProtocolError},
    {ErrorKind::Manifest, u"manifest", 3, -32001, McpReply::ToolError},
    {ErrorKind::PackOp, u"pack_op", 4, -32002, McpReply::ToolError},
    {ErrorKind::Lock, u"lock", 5, -32003, McpReply::ToolError},
    {ErrorKind::Protocol, u"protocol", 6, 0, McpReply::NotApplicable},
    {ErrorKind::Drift, u"drift", 7, -32004, McpReply::ToolError},
    {ErrorKind::PluginMissing, u"plugin_missing", 8, -32005, McpReply::ToolError},
    {ErrorKind::NotApproved, u"not_approved", 9, -32006, McpReply::ToolError},
    {ErrorKind::Cancelled, u"cancelled", 130, -32800, McpReply::NoReply},
}};

const KindRow &row(ErrorKind kind)
{
    for (const KindRow &r : kKinds) {
        if (r.kind == kind)
            return r;
    }
    return kKinds.front();
}

} // namespace

QString wireName(ErrorKind kind)
{
    return QString::fromUtf16(row(kind).wireName);
}

std::optional<ErrorKind> errorKindFromWireName(const QString &name)
{
    for (const KindRow &r : kKinds) {
        if (name == QString::fromUtf16(r.wireName))
            return r.kind;
    }
    return std::nullopt;
}

int exitCode(ErrorKind kind)
{
    return row(kind).exitCode;
}

int mcpCode(ErrorKind kind)
{
    return row(kind).mcpCode;
}

McpReply mcpReply(ErrorKind kind)
{
    return row(kind).reply;
}

} // namespace Grex
