#include "core/sched/width.h"

#include <QThread>

using namespace Qt::StringLiterals;

namespace Grex {

Width Width::automatic()
{
    const int cpus = qMax(1, QThread::idealThreadCount());
    return Width(cpus, qMax(32, 8 * cpus), false);
}

Width Width::chosen(int width)
{
    const int bounded = qBound(0, width, Max);
    return Width(bounded, bounded, true);
}

Result<Width> Width::parse(const QString &text, const QString &source)
{
    bool ok = false;
    const int value = text.trimmed().toInt(&ok);
    if (!ok || value < 0 || value > Max) {
        return Error(ErrorKind::Usage, u"invalid_argument"_s,
                     Message(QT_TRANSLATE_NOOP("Grex",
                                               "%1 must be a whole number from 0 to %2, not '%3'"),
                             {source, QString::number(Max), text}));
    }
    return chosen(value);
}

Result<Width> Width::resolve(const std::optional<QString> &option, const QString &environment)
{
    if (option)
        return parse(*option, u"--parallel"_s);
    if (!environment.isEmpty())
        return parse(environment, u"GREX_PARALLEL"_s);
    return automatic();
}

QString Width::toString() const
{
    return m_chosen ? QString::number(m_local) : u"auto"_s;
}

} // namespace Grex
