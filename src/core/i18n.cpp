#include "i18n.h"

#include <QCoreApplication>
#include <QLocale>
#include <QTranslator>

using namespace Qt::StringLiterals;

namespace Grex {

void installTranslators()
{
    auto *translator = new QTranslator(QCoreApplication::instance());
    // Tries grex_<lang>.qm for each UI language in order; grex_en.qm is the source language.
    if (translator->load(QLocale(), u"grex"_s, u"_"_s, u":/i18n"_s) ||
        translator->load(u"grex_en"_s, u":/i18n"_s)) {
        QCoreApplication::installTranslator(translator);
    } else {
        delete translator;
    }
}

} // namespace Grex
