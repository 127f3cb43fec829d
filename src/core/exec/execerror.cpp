#include "core/exec/execerror.h"

using namespace Qt::StringLiterals;

namespace Grex {

Error execError(const QString &reason, Message message)
{
    Error error(ErrorKind::PackOp, reason, std::move(message));
    error.withDetail(u"phase"_s, u"exec"_s);
    if (reason == u"symlink_dest_occupied")
        error.withHint(Message(QT_TRANSLATE_NOOP("Grex", "set backup: true or remove the entry")));
    else if (reason == u"rmdir_not_empty")
        error.withHint(Message(QT_TRANSLATE_NOOP("Grex", "set force: true")));
    else if (reason == u"env_persistence_denied")
        error.withHint(Message(QT_TRANSLATE_NOOP("Grex", "re-run elevated")));
    else if (reason == u"symlink_privilege_denied")
        error.withHint(Message(QT_TRANSLATE_NOOP("Grex", "enable Developer Mode or run elevated")));
    return error;
}

Error nonZeroExit(int status, const QString &command, const QByteArray &stderrData)
{
    // The last three lines, at most 400 characters: enough for the reason a tool gives, short
    // enough for one message line.
    QStringList lines;
    const QStringList all = QString::fromUtf8(stderrData).split(u'\n');
    for (auto it = all.crbegin(); it != all.crend() && lines.size() < 3; ++it) {
        const QString line = it->trimmed();
        if (!line.isEmpty())
            lines.prepend(line);
    }
    QString tail = lines.join(u"; "_s);
    if (tail.size() > 400)
        tail = u"..."_s + tail.right(400);
    Message message =
        tail.isEmpty()
            ? Message(QT_TRANSLATE_NOOP("Grex", "exec exited with status %1: %2"),
                      {QString::number(status), command})
            : Message(QT_TRANSLATE_NOOP("Grex", "exec exited with status %1: %2; its stderr "
                                                "ends with: %3"),
                      {QString::number(status), command, tail});
    return execError(u"exec_non_zero"_s, std::move(message))
        .withDetail(u"status"_s, qint64(status))
        .withDetail(u"command"_s, command)
        .withDetail(u"stderr"_s, QString::fromUtf8(stderrData));
}

} // namespace Grex
