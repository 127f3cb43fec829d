#include "core/verbs/importformats.h"

#include "core/importers/importcontext.h"
#include "core/naming.h"
#include "core/pack/manifestreader.h"

#include <QFileInfo>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QXmlStreamReader>

#include <yaml-cpp/yaml.h>

using namespace Qt::StringLiterals;

namespace Grex {

using namespace Importers;

namespace {

struct FormatInfo
{
    ImportFormat format;
    QStringView name;
    QStringView label; // how a message names such a file
    Result<ImportSource> (*read)(const Context &ctx, const QByteArray &bytes);
};

constexpr FormatInfo Formats[] = {
    {ImportFormat::ReposJson, u"repos-json", u"REPOS.json", readReposJson},
    {ImportFormat::Gita, u"gita", u"gita repos.csv", readGita},
    {ImportFormat::MrConfig, u"mrconfig", u".mrconfig", readMrConfig},
    {ImportFormat::Vcstool, u"vcstool", u"vcstool .repos file", readVcstool},
    {ImportFormat::Mani, u"mani", u"mani.yaml", readMani},
    {ImportFormat::RepoManifest, u"repo", u"repo manifest", readRepoManifest},
    {ImportFormat::West, u"west", u"west.yml", readWest},
};

QString rootElementName(const QByteArray &content)
{
    QXmlStreamReader xml(content);
    while (!xml.atEnd()) {
        if (xml.readNext() == QXmlStreamReader::StartElement)
            return xml.name().toString();
    }
    return {};
}

std::optional<ImportFormat> formatFromContent(const QByteArray &content)
{
    const QByteArray start = content.left(4096).trimmed();
    if (start.startsWith('[')) {
        QJsonParseError error;
        if (QJsonDocument::fromJson(content, &error).isArray())
            return ImportFormat::ReposJson;
    }
    if (start.startsWith('<'))
        return rootElementName(content) == u"manifest"
                   ? std::optional<ImportFormat>(ImportFormat::RepoManifest)
                   : std::nullopt;
    static const QRegularExpression mrSection(u"^\\[[^\\]\\n]*\\][ \\t]*$"_s,
                                              QRegularExpression::MultilineOption);
    static const QRegularExpression mrCheckout(u"^checkout\\s*="_s,
                                               QRegularExpression::MultilineOption);
    const QString text = QString::fromUtf8(content);
    if (mrSection.match(text).hasMatch() && mrCheckout.match(text).hasMatch())
        return ImportFormat::MrConfig;
    try {
        const YAML::Node root = YAML::Load(content.toStdString());
        if (root.IsMap()) {
            for (const auto &member : root) {
                const QString key = scalarText(member.first);
                if (key == u"manifest" && member.second.IsMap())
                    return ImportFormat::West;
                if (key == u"repositories")
                    return ImportFormat::Vcstool;
                if (key == u"projects" && member.second.IsMap())
                    return ImportFormat::Mani;
            }
        }
    } catch (const YAML::Exception &) {
        // Not YAML: maybe a CSV.
    }
    // gita: its rows start with a clone's absolute path (repos.csv) or a URL (gita freeze).
    static const QRegularExpression gitaRow(u"^(/|[A-Za-z]:[\\\\/]|[a-z+]+://|[^,\\s]+@[^,\\s]+:)"
                                            u"[^,\\n]*,[^,\\n]*,"_s);
    if (gitaRow.match(text).hasMatch())
        return ImportFormat::Gita;
    return std::nullopt;
}

} // namespace

QString Importers::formatLabel(ImportFormat format)
{
    for (const FormatInfo &info : Formats) {
        if (info.format == format)
            return info.label.toString();
    }
    return {};
}

QString importFormatName(ImportFormat format)
{
    for (const FormatInfo &info : Formats) {
        if (info.format == format)
            return info.name.toString();
    }
    return {};
}

std::optional<ImportFormat> importFormatFromName(const QString &name)
{
    for (const FormatInfo &info : Formats) {
        if (info.name == name)
            return info.format;
    }
    return std::nullopt;
}

QStringList importFormatNames()
{
    QStringList names;
    for (const FormatInfo &info : Formats)
        names.append(info.name.toString());
    return names;
}

Result<ImportFormat> detectImportFormat(const QString &file, const QByteArray &content)
{
    const QString name = QFileInfo(file).fileName().toLower();
    if (name == u".mrconfig" || name.endsWith(u".mrconfig"))
        return ImportFormat::MrConfig;
    if (name.endsWith(u".repos"))
        return ImportFormat::Vcstool;
    if (name == u"mani.yaml" || name == u"mani.yml")
        return ImportFormat::Mani;
    if (name == u"west.yml" || name == u"west.yaml")
        return ImportFormat::West;
    if (name.endsWith(u".csv"))
        return ImportFormat::Gita;
    if (name.endsWith(u".json"))
        return ImportFormat::ReposJson;
    if (const std::optional<ImportFormat> format = formatFromContent(content))
        return *format;
    return Error(ErrorKind::Usage, u"unknown_import_format"_s,
                 Message(QT_TRANSLATE_NOOP("Grex", "cannot tell which kind of file %1 is; grex "
                                                   "imports %2"),
                         {file, importFormatNames().join(u", "_s)}))
        .withDetail(u"path"_s, file);
}

Result<ImportSource> readImportFile(const QString &file, std::optional<ImportFormat> format,
                                    const QString &baseUrl)
{
    Result<QByteArray> bytes = readBytes(file);
    if (!bytes)
        return bytes.error();
    if (!format) {
        Result<ImportFormat> detected = detectImportFormat(file, *bytes);
        if (!detected)
            return detected.error();
        format = *detected;
    }
    const Context ctx{*format, file, QFileInfo(file).absolutePath(), baseUrl};
    for (const FormatInfo &info : Formats) {
        if (info.format == *format)
            return info.read(ctx, *bytes);
    }
    return Error::internal(__FILE__, __LINE__, u"unknown import format"_s);
}

} // namespace Grex
