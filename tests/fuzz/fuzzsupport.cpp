#include "fuzzsupport.h"

#include <QJsonDocument>
#include <QJsonParseError>
#include <QtGlobal>

#include <algorithm>
#include <cstdio>
#include <cstdlib>

namespace Grex::Fuzz {

void checkFailed(const char *condition, const char *file, int line)
{
    std::fprintf(stderr, "%s:%d: fuzz invariant failed: %s\n", file, line, condition);
    std::fflush(stderr);
    std::abort();
}

void quietQtMessages()
{
    qInstallMessageHandler([](QtMsgType type, const QMessageLogContext &, const QString &text) {
        if (type == QtFatalMsg || type == QtCriticalMsg) {
            std::fprintf(stderr, "%s\n", qPrintable(text));
            if (type == QtFatalMsg)
                std::abort();
        }
    });
}

QByteArray bytesOf(const uint8_t *data, size_t size)
{
    return QByteArray(reinterpret_cast<const char *>(data), qsizetype(size));
}

void checkError(const Error &error, std::initializer_list<ErrorKind> kinds)
{
    GREX_FUZZ_CHECK(std::find(kinds.begin(), kinds.end(), error.kind()) != kinds.end());
    GREX_FUZZ_CHECK(!error.reason().isEmpty());
    GREX_FUZZ_CHECK(!error.message().text().isEmpty());
    GREX_FUZZ_CHECK(!error.displayText().isEmpty());
    GREX_FUZZ_CHECK(isJsonObject(JsonValue(error.toJson()).toJson()));
}

bool isJsonObject(const QByteArray &bytes)
{
    QJsonParseError parseError{};
    const QJsonDocument document = QJsonDocument::fromJson(bytes, &parseError);
    return parseError.error == QJsonParseError::NoError && document.isObject();
}

} // namespace Grex::Fuzz
