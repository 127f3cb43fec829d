#include "mcp/approvalstate.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QMessageAuthenticationCode>
#include <QRandomGenerator>

#include <mutex>

using namespace Qt::StringLiterals;

namespace Grex::Mcp {

namespace {

std::mutex g_spentMutex;
QHash<QByteArray, qint64> g_spent; // nonce → expiry (ms since the epoch)

constexpr auto kBase64 = QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals;

QByteArray randomBytes(int count)
{
    QByteArray bytes(count, Qt::Uninitialized);
    QRandomGenerator::system()->fillRange(reinterpret_cast<quint32 *>(bytes.data()), count / 4);
    return bytes;
}

QByteArray digest(const QByteArray &bytes)
{
    return QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex();
}

// QJsonObject keeps its keys sorted, so equal arguments give equal bytes.
QByteArray argumentsDigest(const QJsonObject &arguments)
{
    return digest(QJsonDocument(arguments).toJson(QJsonDocument::Compact));
}

Error stateError(const QString &reason, const char *text)
{
    return Error(ErrorKind::Usage, u"request_state"_s, Message(text)).withDetail(u"why"_s, reason);
}

Error refused(const char *text, const QString &reason)
{
    return Error(ErrorKind::NotApproved, u"not_approved"_s, Message(text))
        .withDetail(u"why"_s, reason)
        .withHint(Message(QT_TRANSLATE_NOOP("Grex", "call the tool again without requestState to "
                                                    "be asked anew")));
}

} // namespace

ApprovalStates &ApprovalStates::instance()
{
    static ApprovalStates states;
    return states;
}

ApprovalStates::ApprovalStates() : m_secret(randomBytes(32))
{
}

QByteArray ApprovalStates::sign(const QByteArray &payload) const
{
    return QMessageAuthenticationCode::hash(payload, m_secret, QCryptographicHash::Sha256);
}

QByteArray ApprovalStates::planDigest(const ApprovalPlan &plan)
{
    QStringList packs = plan.packs;
    packs.sort();
    const QJsonObject canonical{{u"verb"_s, plan.verb},
                                {u"packs"_s, QJsonArray::fromStringList(packs)},
                                {u"command"_s, QJsonArray::fromStringList(plan.command)},
                                {u"summary"_s, plan.summary}};
    return digest(QJsonDocument(canonical).toJson(QJsonDocument::Compact));
}

QString ApprovalStates::issue(const QString &tool, const QJsonObject &arguments,
                              const ApprovalPlan &plan, std::chrono::milliseconds lifetime)
{
    if (m_testLifetime.count() != 0)
        lifetime = m_testLifetime;
    const QJsonObject payload{
        {u"v"_s, 1},
        {u"tool"_s, tool},
        {u"args"_s, QString::fromLatin1(argumentsDigest(arguments))},
        {u"plan"_s, QString::fromLatin1(planDigest(plan))},
        {u"exp"_s, double(QDateTime::currentMSecsSinceEpoch() + lifetime.count())},
        {u"n"_s, QString::fromLatin1(randomBytes(16).toHex())}};
    const QByteArray bytes = QJsonDocument(payload).toJson(QJsonDocument::Compact);
    return QString::fromLatin1(bytes.toBase64(kBase64) + '.' + sign(bytes).toBase64(kBase64));
}

Result<QByteArray> ApprovalStates::redeem(const QString &state, const QString &tool,
                                          const QJsonObject &arguments)
{
    if (state.size() > kMaxRequestState)
        return stateError(u"too_long"_s, QT_TRANSLATE_NOOP("Grex", "requestState is too long"));
    const QList<QByteArray> parts = state.toLatin1().split('.');
    if (parts.size() != 2)
        return stateError(u"malformed"_s, QT_TRANSLATE_NOOP("Grex", "requestState is malformed"));
    const auto payload = QByteArray::fromBase64Encoding(parts[0], kBase64 |
                                                        QByteArray::AbortOnBase64DecodingErrors);
    const auto signature = QByteArray::fromBase64Encoding(
        parts[1], kBase64 | QByteArray::AbortOnBase64DecodingErrors);
    if (!payload || !signature)
        return stateError(u"malformed"_s, QT_TRANSLATE_NOOP("Grex", "requestState is malformed"));
    // Compared in full whatever differs first, as the bearer token is.
    const QByteArray expected = sign(*payload);
    const QByteArray &given = *signature;
    unsigned char diff = expected.size() == given.size() ? 0 : 1;
    for (qsizetype i = 0; i < std::min(expected.size(), given.size()); ++i)
        diff |= uchar(expected.at(i) ^ given.at(i));
    if (diff != 0) {
        return stateError(u"forged"_s, QT_TRANSLATE_NOOP("Grex", "requestState was not issued by "
                                                                 "this server, or was altered"));
    }
    const QJsonObject fields = QJsonDocument::fromJson(*payload).object();
    if (fields.value(u"tool"_s).toString() != tool ||
        fields.value(u"args"_s).toString().toLatin1() != argumentsDigest(arguments)) {
        return stateError(u"other_call"_s,
                          QT_TRANSLATE_NOOP("Grex", "requestState belongs to another tool call "
                                                    "(a different tool or other arguments)"));
    }
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    const qint64 expires = qint64(fields.value(u"exp"_s).toDouble());
    if (expires <= now)
        return refused(QT_TRANSLATE_NOOP("Grex", "the approval has expired"), u"expired"_s);
    const QByteArray nonce = fields.value(u"n"_s).toString().toLatin1();
    {
        std::lock_guard lock(g_spentMutex);
        for (auto it = g_spent.begin(); it != g_spent.end();)
            it = it.value() <= now ? g_spent.erase(it) : std::next(it);
        if (g_spent.contains(nonce)) {
            return refused(QT_TRANSLATE_NOOP("Grex", "the approval was used already"),
                           u"replayed"_s);
        }
        g_spent.insert(nonce, expires);
    }
    return fields.value(u"plan"_s).toString().toLatin1();
}

} // namespace Grex::Mcp
