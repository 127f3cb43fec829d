#include "core/importers/importcontext.h"

#include "core/naming.h"
#include "core/pack/manifestreader.h"
#include "core/verbs/import.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QXmlStreamReader>

#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <sstream>

using namespace Qt::StringLiterals;

namespace Grex::Importers {

Result<ImportSource> readReposJson(const Context &ctx, const QByteArray &bytes)
{
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        // The byte offset as line and column, which is what an editor shows.
        const qsizetype offset = qBound(qsizetype(0), qsizetype(parseError.offset), bytes.size());
        const qsizetype line = bytes.left(offset).count('\n') + 1;
        const qsizetype column = offset - (bytes.lastIndexOf('\n', offset - 1) + 1) + 1;
        return ctx.fail(int(line), u"not JSON: %1"_s.arg(parseError.errorString()), int(column));
    }
    if (!doc.isArray())
        return ctx.fail(0, u"expected an array of {\"url\", \"path\"} objects"_s);
    const QJsonArray array = doc.array();
    if (array.size() > MaxImportEntries) {
        return ctx.fail(0, u"it has %1 entries; one import takes at most %2"_s.arg(array.size())
                               .arg(MaxImportEntries));
    }
    ImportSource source{ImportFormat::ReposJson, {}, {}};
    source.entries.reserve(array.size());
    for (qsizetype i = 0; i < array.size(); ++i) {
        const QJsonValue value = array.at(i);
        const QString which = QString::number(i + 1);
        if (!value.isObject())
            return ctx.fail(0, u"entry %1 is not an object"_s.arg(which));
        const QJsonObject o = value.toObject();
        ImportEntry entry;
        for (auto it = o.begin(); it != o.end(); ++it) {
            const QString key = it.key();
            const QJsonValue member = it.value();
            if (key == u"path") {
                if (!member.isString())
                    return ctx.fail(0, u"entry %1 has no string \"path\""_s.arg(which));
                entry.path = cleanEntryPath(member.toString());
            } else if (key == u"url") {
                if (!member.isString() && !member.isNull())
                    return ctx.fail(0, u"the \"url\" of entry %1 is not a string"_s.arg(which));
                entry.url = member.toString();
            } else if (key == u"ref" || key == u"branch") {
                if (!member.isString() && !member.isNull())
                    return ctx.fail(0, u"the \"%1\" of entry %2 is not a string"_s.arg(key, which));
                const std::optional<QString> ref = refOf(member.toString());
                if (ref && entry.ref && *ref != *entry.ref) {
                    return ctx.fail(
                        0, u"entry %1 has a \"ref\" and a \"branch\" that differ"_s.arg(which));
                }
                if (ref)
                    entry.ref = ref;
            } else if (key == u"tags") {
                if (!member.isArray() && !member.isNull())
                    return ctx.fail(0, u"the \"tags\" of entry %1 is not an array"_s.arg(which));
                for (const QJsonValue tag : member.toArray()) {
                    if (!tag.isString())
                        return ctx.fail(0, u"a tag of entry %1 is not a string"_s.arg(which));
                    addTag(entry, tag.toString(), u"tag"_s);
                }
            } else {
                entry.notCarried.append(u"key '%1'"_s.arg(key));
            }
        }
        if (!o.contains(u"path"_s))
            return ctx.fail(0, u"entry %1 has no string \"path\""_s.arg(which));
        source.entries.append(entry);
    }
    return source;
}

} // namespace Grex::Importers
