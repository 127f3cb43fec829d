#include "core/logging.h"

#include <QStringList>

using namespace Qt::StringLiterals;

namespace Grex {

Q_LOGGING_CATEGORY(lcCore, "grex.core", QtInfoMsg)
Q_LOGGING_CATEGORY(lcManifest, "grex.manifest", QtInfoMsg)
Q_LOGGING_CATEGORY(lcGit, "grex.git", QtWarningMsg)
Q_LOGGING_CATEGORY(lcLock, "grex.lock", QtInfoMsg)

namespace {

// "debug" -> the rules that enable that level and everything above it.
QStringList rulesFor(const QString &category, const QString &level)
{
    static const QStringList levels{u"debug"_s, u"info"_s, u"warning"_s, u"critical"_s};
    QString normalised = level.toLower();
    if (normalised == u"trace")
        normalised = u"debug"_s;
    if (normalised == u"warn")
        normalised = u"warning"_s;
    if (normalised == u"error")
        normalised = u"critical"_s;
    if (normalised == u"off") {
        QStringList rules;
        for (const QString &l : levels)
            rules << category + u'.' + l + u"=false";
        return rules;
    }
    const qsizetype threshold = levels.indexOf(normalised);
    if (threshold < 0)
        return {};
    QStringList rules;
    for (qsizetype i = 0; i < levels.size(); ++i)
        rules << category + u'.' + levels.at(i) + (i >= threshold ? u"=true" : u"=false");
    return rules;
}

} // namespace

void configureLogging(int verbosity, bool quiet, const QString &grexLogSpec)
{
    QStringList rules;
    if (quiet) {
        rules << rulesFor(u"grex.*"_s, u"warning"_s);
    } else if (verbosity >= 2) {
        rules << rulesFor(u"grex.*"_s, u"debug"_s);
    } else if (verbosity == 1) {
        rules << rulesFor(u"grex.*"_s, u"debug"_s) << rulesFor(u"grex.git"_s, u"info"_s);
    } else {
        rules << rulesFor(u"grex.*"_s, u"info"_s) << rulesFor(u"grex.git"_s, u"warning"_s);
    }
    // GREX_LOG wins over the flags: "grex=debug,git=warn,manifest=off".
    const QStringList specs = grexLogSpec.split(u',', Qt::SkipEmptyParts);
    for (const QString &spec : specs) {
        const QString trimmed = spec.trimmed();
        const qsizetype eq = trimmed.indexOf(u'=');
        if (eq < 0) {
            rules << rulesFor(u"grex.*"_s, trimmed);
            continue;
        }
        const QString target = trimmed.left(eq).trimmed();
        const QString level = trimmed.mid(eq + 1).trimmed();
        const QString category = target == u"grex" ? u"grex.*"_s : u"grex." + target;
        rules << rulesFor(category, level);
    }
    QLoggingCategory::setFilterRules(rules.join(u'\n'));
}

} // namespace Grex
