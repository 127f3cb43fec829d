#include "core/errorkind.h"

#include <QTest>

using namespace Grex;
using namespace Qt::StringLiterals;

// Pins the published contract of exit codes and MCP codes (docs/design.md, "Errors and exit
// codes").
class tst_ErrorKind : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void table_data()
    {
        QTest::addColumn<ErrorKind>("kind");
        QTest::addColumn<QString>("wire");
        QTest::addColumn<int>("exit");
        QTest::addColumn<int>("mcp");
        QTest::addColumn<McpReply>("reply");
        QTest::newRow("internal") << ErrorKind::Internal << u"internal"_s << 1 << -32603
                                  << McpReply::ProtocolError;
        QTest::newRow("usage") << ErrorKind::Usage << u"usage"_s << 2 << -32602
                               << McpReply::ProtocolError;
        QTest::newRow("manifest") << ErrorKind::Manifest << u"manifest"_s << 3 << -32001
                                  << McpReply::ToolError;
        QTest::newRow("pack_op") << ErrorKind::PackOp << u"pack_op"_s << 4 << -32002
                                 << McpReply::ToolError;
        QTest::newRow("lock") << ErrorKind::Lock << u"lock"_s << 5 << -32003 << McpReply::ToolError;
        QTest::newRow("protocol") << ErrorKind::Protocol << u"protocol"_s << 6 << 0
                                  << McpReply::NotApplicable;
        QTest::newRow("drift") << ErrorKind::Drift << u"drift"_s << 7 << -32004
                               << McpReply::ToolError;
        QTest::newRow("plugin_missing") << ErrorKind::PluginMissing << u"plugin_missing"_s << 8
                                        << -32005 << McpReply::ToolError;
        QTest::newRow("not_approved")
            << ErrorKind::NotApproved << u"not_approved"_s << 9 << -32006 << McpReply::ToolError;
        QTest::newRow("cancelled")
            << ErrorKind::Cancelled << u"cancelled"_s << 130 << -32800 << McpReply::NoReply;
    }

    void table()
    {
        QFETCH(ErrorKind, kind);
        QFETCH(QString, wire);
        QFETCH(int, exit);
        QFETCH(int, mcp);
        QFETCH(McpReply, reply);
        QCOMPARE(wireName(kind), wire);
        QCOMPARE(exitCode(kind), exit);
        QCOMPARE(mcpCode(kind), mcp);
        QCOMPARE(mcpReply(kind), reply);
        QCOMPARE(errorKindFromWireName(wire), std::optional<ErrorKind>(kind));
    }

    void unknownWireName() { QVERIFY(!errorKindFromWireName(u"validation"_s).has_value()); }

    void exitCodesAreDistinct()
    {
        QSet<int> codes;
        for (ErrorKind kind :
             {ErrorKind::Internal, ErrorKind::Usage, ErrorKind::Manifest, ErrorKind::PackOp,
              ErrorKind::Lock, ErrorKind::Protocol, ErrorKind::Drift, ErrorKind::PluginMissing,
              ErrorKind::NotApproved, ErrorKind::Cancelled})
            codes.insert(exitCode(kind));
        QCOMPARE(codes.size(), 10);
        QVERIFY(!codes.contains(ExitSuccess));
    }
};

QTEST_GUILESS_MAIN(tst_ErrorKind)
#include "tst_errorkind.moc"
