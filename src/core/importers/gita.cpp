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

namespace {

struct CsvRow
{
    QStringList fields;
    int line = 0;
};

// The rows of a file written by Python's csv module (excel dialect, the given delimiter): a
// field that starts with '"' is quoted and may hold the delimiter, newlines and "" for '"'.
// Empty lines are no rows, as csv.DictReader skips them.
Result<QList<CsvRow>> readCsv(const Context &ctx, const QString &text, QChar delimiter)
{
    QList<CsvRow> rows;
    CsvRow row;
    QString field;
    bool quoted = false;
    bool fieldWasQuoted = false;
    int line = 1;
    int quoteLine = 0;
    row.line = 1;
    const auto endRow = [&] {
        row.fields.append(field);
        if (row.fields.size() > 1 || !row.fields.constFirst().isEmpty() || fieldWasQuoted)
            rows.append(row);
        row = CsvRow{{}, line};
        field.clear();
        fieldWasQuoted = false;
    };
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text.at(i);
        if (quoted) {
            if (c == u'"' && i + 1 < text.size() && text.at(i + 1) == u'"') {
                field += u'"';
                ++i;
            } else if (c == u'"') {
                quoted = false;
            } else {
                if (c == u'\n')
                    ++line;
                field += c;
            }
            continue;
        }
        if (c == u'"' && field.isEmpty() && !fieldWasQuoted) {
            quoted = true;
            fieldWasQuoted = true;
            quoteLine = line;
        } else if (c == delimiter) {
            row.fields.append(field);
            field.clear();
            fieldWasQuoted = false;
        } else if (c == u'\r' && i + 1 < text.size() && text.at(i + 1) == u'\n') {
            continue; // csv.writer ends rows with "\r\n"
        } else if (c == u'\n' || c == u'\r') {
            ++line;
            endRow();
        } else {
            field += c;
        }
    }
    if (quoted)
        return ctx.fail(quoteLine, u"a quoted field that starts here is never closed"_s);
    if (!field.isEmpty() || !row.fields.isEmpty() || fieldWasQuoted)
        endRow();
    return rows;
}

// The last part of a path written with '/' or '\\'.
QString lastComponent(QString path)
{
    while (path.size() > 1 && (path.endsWith(u'/') || path.endsWith(u'\\')))
        path.chop(1);
    const qsizetype cut = std::max(path.lastIndexOf(u'/'), path.lastIndexOf(u'\\'));
    return path.mid(cut + 1);
}

void addGitaGroup(QList<ImportEntry> &entries, const QHash<QString, qsizetype> &byName,
                  const QString &group, const QStringList &members)
{
    for (const QString &member : members) {
        // gita keeps only the members it knows, and so does this.
        if (const auto it = byName.constFind(member); it != byName.cend())
            addTag(entries[*it], group, u"group"_s);
    }
}

} // namespace

// gita's repos.csv (path,name,type,flags: clones gita found on disk, no URLs) and the listing of
// `gita freeze` (url,name,path,type,flags,branch, then ",group,path,repo1|repo2" per group).
// An entry is placed at the last part of the clone's path, as `gita add` names a repository; the
// caller may place it elsewhere, since the clone itself is at clonePath.
Result<ImportSource> readGita(const Context &ctx, const QByteArray &bytes)
{
    Result<QList<CsvRow>> rows = readCsv(ctx, QString::fromUtf8(bytes), u',');
    if (!rows)
        return rows.error();
    bool freeze = false;
    for (const CsvRow &row : std::as_const(*rows)) {
        if (row.fields.size() >= 5 || row.fields.constFirst().isEmpty())
            freeze = true;
    }
    ImportSource source{ImportFormat::Gita, {}, {}};
    QHash<QString, qsizetype> byName;
    for (const CsvRow &row : std::as_const(*rows)) {
        QStringList fields = row.fields;
        while (fields.size() < 6)
            fields.append(QString());
        if (freeze && fields.at(0).isEmpty()) {
            addGitaGroup(source.entries, byName, fields.at(1),
                         fields.at(3).split(u'|', Qt::SkipEmptyParts));
            continue;
        }
        const QString clonePath = freeze ? fields.at(2) : fields.at(0);
        const QString name = fields.at(1);
        const QString type = fields.at(freeze ? 3 : 2);
        const QString flags = fields.at(freeze ? 4 : 3).simplified();
        if (clonePath.isEmpty())
            return ctx.fail(row.line, u"the row of '%1' has no path"_s.arg(name));
        if (Result<void> room = roomForEntry(ctx, source.entries.size(), row.line); !room)
            return room.error();
        ImportEntry entry;
        entry.clonePath = clonePath;
        entry.path = lastComponent(clonePath);
        // repos.csv has no URL: the caller reads the origin of the clone at clonePath.
        if (freeze) {
            entry.url = fields.at(0);
            entry.ref = refOf(fields.at(5).trimmed());
        }
        if (!name.isEmpty() && name != entry.path)
            entry.notCarried.append(u"gita name '%1'"_s.arg(name));
        if (!type.isEmpty())
            entry.notCarried.append(u"gita type '%1'"_s.arg(type));
        if (!flags.isEmpty())
            entry.notCarried.append(u"git flags '%1'"_s.arg(brief(flags)));
        byName.insert(name.isEmpty() ? entry.path : name, source.entries.size());
        source.entries.append(entry);
    }
    if (freeze || QFileInfo(ctx.file).fileName() != u"repos.csv")
        return source;

    // gita keeps its groups beside repos.csv: "name:repo1 repo2:path" per line.
    const QString groupsFile = QFileInfo(ctx.file).dir().filePath(u"groups.csv"_s);
    if (!QFileInfo(groupsFile).isFile())
        return source;
    Result<QByteArray> groupBytes = readBytes(groupsFile);
    if (!groupBytes)
        return groupBytes.error();
    Result<QList<CsvRow>> groups =
        readCsv(ctx.sibling(groupsFile), QString::fromUtf8(*groupBytes), u':');
    if (!groups)
        return groups.error();
    for (const CsvRow &row : std::as_const(*groups)) {
        addGitaGroup(source.entries, byName, row.fields.constFirst(),
                     row.fields.value(1).simplified().split(u' ', Qt::SkipEmptyParts));
    }
    return source;
}

} // namespace Grex::Importers
