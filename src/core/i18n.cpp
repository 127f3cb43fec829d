#include "core/i18n.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

using namespace Qt::StringLiterals;

namespace Grex {

void installTranslators(const QString &language)
{
    const QLocale locale = language.isEmpty() ? QLocale() : QLocale(language);
    if (!language.isEmpty())
        QLocale::setDefault(locale);
    auto *translator = new QTranslator(QCoreApplication::instance());
    // Tries grex_<lang>.qm for each UI language in order; grex_en.qm is the source language.
    if (translator->load(locale, u"grex"_s, u"_"_s, u":/i18n"_s) ||
        translator->load(u"grex_en"_s, u":/i18n"_s)) {
        QCoreApplication::installTranslator(translator);
    } else {
        delete translator;
    }
    auto *qt = new QTranslator(QCoreApplication::instance());
    if (qt->load(locale, u"qtbase"_s, u"_"_s,
                 QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
        QCoreApplication::installTranslator(qt);
    } else {
        delete qt;
    }
}

} // namespace Grex
