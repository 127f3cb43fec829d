#include "core/pack/actionshash.h"

#include "core/actions/actionregistry.h"

#include <QCryptographicHash>

namespace Grex {

JsonValue canonicalArgs(const Action &action)
{
    return builtinActions().canonicalArgs(action);
}

QString actionsHash(const std::vector<Action> &actions, const QString &commitSha)
{
    QCryptographicHash hash(QCryptographicHash::Sha256);
    hash.addData(QByteArrayView("grex-actions-v1\0", 16));
    for (const Action &action : actions) {
        hash.addData(action.name.toUtf8());
        hash.addData(QByteArrayView("\0", 1));
        hash.addData(canonicalArgs(action).toJson());
        hash.addData(QByteArrayView("\x1e", 1));
    }
    hash.addData(QByteArrayView("\0", 1));
    hash.addData(commitSha.toUtf8());
    return QString::fromLatin1(hash.result().toHex());
}

} // namespace Grex
