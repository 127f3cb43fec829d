#include "lscommand.h"

#include "clitr.h"
#include "output.h"

using namespace Qt::StringLiterals;

namespace Grex::Cli {

namespace {

// depth 0: registered packs; deeper rows are children drawn under `continuation`.
void addRows(const JsonArray &packs, int depth, const QString &continuation, bool longForm,
             const Output &output, QList<QStringList> &rows)
{
    for (qsizetype i = 0; i < packs.size(); ++i) {
        const JsonObject p = packs.at(i).toObject();
        const bool last = i + 1 == packs.size();
        QString prefix;
        if (depth > 0) {
            prefix = continuation;
            if (output.decorated())
                prefix += last ? u"└─ "_s : u"├─ "_s;
            else
                prefix += last ? u"`- "_s : u"|- "_s;
        }
        QString sha = shortSha(p.value(u"sha"_s));
        if (!p.value(u"on_disk"_s).toBool())
            sha = output.style(Tr::tr("missing"), Output::Style::Red);
        else
            sha = output.style(sha, Output::Style::Cyan);
        QString ref = p.value(u"ref"_s).toString();
        if (ref.isEmpty())
            ref = p.value(u"branch"_s).isNull() ? u"-"_s : p.value(u"branch"_s).toString();
        const QString type = p.value(u"type"_s).isNull() ? u"-"_s : p.value(u"type"_s).toString();
        QStringList row{prefix + p.value(u"id"_s).toString(), type, p.value(u"path"_s).toString(),
                        ref, sha};
        if (longForm) {
            const JsonValue installed = p.value(u"installed_at"_s);
            const JsonValue hash = p.value(u"actions_hash"_s);
            row << (installed.isNull() ? u"-"_s : installed.toString().left(19) + u'Z')
                << (hash.isNull() ? u"-"_s : hash.toString().left(12));
        }
        rows.append(row);
        if (p.contains(u"children"_s)) {
            QString next = continuation;
            if (depth > 0)
                next += last ? u"   "_s : (output.decorated() ? u"│  "_s : u"|  "_s);
            addRows(p.value(u"children"_s).toArray(), depth + 1, next, longForm, output, rows);
        }
    }
}

} // namespace

void LsCommand::prepareArguments(QJsonObject &args, const QString &) const
{
    m_selective = !args.value(u"filter"_s).toString().trimmed().isEmpty() ||
                  args.contains(u"type"_s);
}

void LsCommand::render(const JsonValue &document, Output &output) const
{
    const JsonArray packs = document.toArray();
    if (packs.isEmpty() && m_selective) {
        output.out() << Tr::tr("No registered pack matches.") << u'\n';
        return;
    }
    if (packs.isEmpty()) {
        output.out() << Tr::tr("No packs registered. Add one with: grex add <url>") << u'\n';
        return;
    }
    bool longForm = false;
    for (const JsonValue &p : packs)
        longForm = longForm || p.toObject().contains(u"actions_hash"_s);
    QStringList headers{Tr::tr("ID"), Tr::tr("TYPE"), Tr::tr("PATH"), Tr::tr("REF"), Tr::tr("SHA")};
    if (longForm)
        headers << Tr::tr("INSTALLED_AT") << Tr::tr("ACTIONS_HASH");
    QList<QStringList> rows;
    addRows(packs, 0, QString(), longForm, output, rows);
    output.table(headers, rows);
}

} // namespace Grex::Cli
