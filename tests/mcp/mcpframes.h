#pragma once

// MCP frames in memory, for the tests that drive a Session without a transport: a FrameSink
// that records what the session writes, and the requests a client sends.

#include "mcp/session.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>

namespace Grex::Test {

using namespace Qt::StringLiterals;
using namespace std::chrono_literals;

// Collects a session's frames; every frame must be one line of compact JSON-RPC.
class Recorder final : public Mcp::FrameSink
{
public:
    void send(const QByteArray &frame) override
    {
        std::lock_guard lock(m_mutex);
        m_frames.append(frame);
        m_changed.notify_all();
    }

    QList<QByteArray> frames() const
    {
        std::lock_guard lock(m_mutex);
        return m_frames;
    }

    // Waits for a frame that matches; returns it parsed, or an empty object after the timeout.
    QJsonObject waitFor(const std::function<bool(const QJsonObject &)> &match,
                        std::chrono::milliseconds timeout = 20s)
    {
        std::unique_lock lock(m_mutex);
        QJsonObject found;
        m_changed.wait_for(lock, timeout, [&] {
            for (const QByteArray &frame : std::as_const(m_frames)) {
                const QJsonObject object = QJsonDocument::fromJson(frame).object();
                if (match(object)) {
                    found = object;
                    return true;
                }
            }
            return false;
        });
        return found;
    }

    QJsonObject response(const QJsonValue &id, std::chrono::milliseconds timeout = 20s)
    {
        return waitFor(
            [&](const QJsonObject &o) {
                return o.value(u"id"_s) == id &&
                       (o.contains(u"result"_s) || o.contains(u"error"_s));
            },
            timeout);
    }

    int count(const std::function<bool(const QJsonObject &)> &match) const
    {
        int n = 0;
        for (const QByteArray &frame : frames())
            n += match(QJsonDocument::fromJson(frame).object()) ? 1 : 0;
        return n;
    }

private:
    mutable std::mutex m_mutex;
    std::condition_variable m_changed;
    QList<QByteArray> m_frames;
};

inline QByteArray request(const QJsonValue &id, const QString &method, const QJsonObject &params = {})
{
    QJsonObject o{{u"jsonrpc"_s, u"2.0"_s}, {u"id"_s, id}, {u"method"_s, method}};
    if (!params.isEmpty())
        o.insert(u"params"_s, params);
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

inline QByteArray notification(const QString &method, const QJsonObject &params = {})
{
    QJsonObject o{{u"jsonrpc"_s, u"2.0"_s}, {u"method"_s, method}};
    if (!params.isEmpty())
        o.insert(u"params"_s, params);
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

inline QByteArray toolCall(const QJsonValue &id, const QString &tool, const QJsonObject &arguments = {},
                    const QJsonValue &progressToken = QJsonValue())
{
    QJsonObject params{{u"name"_s, tool}, {u"arguments"_s, arguments}};
    if (!progressToken.isUndefined() && !progressToken.isNull())
        params.insert(u"_meta"_s, QJsonObject{{u"progressToken"_s, progressToken}});
    return request(id, u"tools/call"_s, params);
}

inline QJsonObject initializeParams(const QJsonObject &capabilities = {})
{
    return {{u"protocolVersion"_s, u"2025-06-18"_s},
            {u"capabilities"_s, capabilities},
            {u"clientInfo"_s, QJsonObject{{u"name"_s, u"tst"_s}, {u"version"_s, u"1"_s}}}};
}

// The document a successful tools/call result carries as text.
inline QJsonDocument resultDocument(const QJsonObject &response)
{
    const QJsonArray content = response.value(u"result"_s).toObject().value(u"content"_s).toArray();
    return QJsonDocument::fromJson(content.at(0).toObject().value(u"text"_s).toString().toUtf8());
}

} // namespace Grex::Test
